// Stage 5, second half: every file besides the pages, listed before any page is rendered (the
// link check must know them all) and handed to the output at once, to be written while the
// pages render.
import { relative, sep } from 'node:path';
import type { PageData } from '../../../shared/types.ts';
import type { Diagnostic } from '../../diagnostics/errors.ts';
import type { OutputFile } from '../../output/output.ts';
import { listStaticFiles, reportStaticScripts, withoutCollisions } from '../static-files.ts';
import { kindOf } from '../page-kinds/registry.ts';
import { checkSocialImage, missingUrlWarning, seoFiles } from '../seo.ts';
import { collectRedirects, redirectFiles } from '../redirects.ts';
import { pageFilesOf, routeKey } from '../../source/routes.ts';
import type { SourceDoc } from '../../source/scan.ts';
import type { BuildContext } from '../context.ts';
import { deployKeyClashes, type PublishedFile } from '../deploy-key-clashes.ts';
import { markdownTwinHref } from '../../../templates/twin.ts';

export interface OtherFiles {
  files: OutputFile[];
  /** The URL path of every file, pages' own files included ("/support/assets/…"). */
  paths: Set<string>;
  /** Old addresses of renamed pages (route keys) and where they lead, for the link check. */
  redirects: Map<string, string>;
}

export function otherFiles(ctx: BuildContext, pages: PageData[], docs: SourceDoc[], made: OutputFile[]): OtherFiles {
  const { config, base } = ctx;
  const report = (d: Diagnostic) => ctx.reporter.add(d);
  const generated = [...seoFiles(config, pages), ...made];
  const files: OutputFile[] = [...generated, ...publishedStaticFiles(ctx, pages, generated)];
  const paths = new Set([...files.map((f) => '/' + f.path), `/${base}404.html`, '/404.html']);
  if (ctx.mode === 'production' && !config.url && ctx.configFile) ctx.reporter.add(missingUrlWarning(ctx.configFile));
  checkSocialImage(config, paths, ctx.reporter);
  const targets = pages.filter((page) => page.kind !== 'notFound');
  const redirects = collectRedirects(config, docs, targets, paths, report);
  files.push(...redirectFiles(redirects, config));
  for (const clash of deployKeyClashes(publishedFiles(ctx, pages, docs, files))) ctx.reporter.add(clash);
  const byRoute = new Map(redirects.map((r) => [routeKey(r.from), r.to]));
  if (!ctx.output) return { files, paths, redirects: byRoute };
  // They are written while the pages render, and the result lists them by path only: holding
  // every markdown twin and llms-full.txt until the build ends kept ~160 MB alive at 8,500 pages.
  for (const file of files) ctx.output.file(file);
  return { files: files.map(({ path }) => ({ path })), paths, redirects: byRoute };
}

/**
 * The files of static/ that are published: checked before any of them is handed to the output
 * (./static-files.ts), so one that would take the place of a page or a generated file fails the
 * build instead of replacing it, or being replaced.
 */
function publishedStaticFiles(ctx: BuildContext, pages: PageData[], generated: OutputFile[]): OutputFile[] {
  const report = (d: Diagnostic) => ctx.reporter.add(d);
  const listed = listStaticFiles(ctx.siteDir, ctx.base, report);
  if (listed.length === 0) return [];
  const taken = new Set([...generated.map((f) => f.path), ...pages.flatMap((page) => kindOf(page).outputPaths(page, ctx.base, pageFilesOf(ctx.config)))]);
  const published = withoutCollisions(listed, taken, ctx.base, report);
  reportStaticScripts(published, ctx.base, ctx.config.scriptFiles.inStatic, report);
  return published;
}

/** Every file of the build, pages' included, with what put it there. */
function publishedFiles(ctx: BuildContext, pages: PageData[], docs: SourceDoc[], files: OutputFile[]): PublishedFile[] {
  const sourceOf = new Map(docs.map((doc) => [doc.route, doc.displayPath]));
  const twinOf = new Map(docs.map((doc) => [markdownTwinHref(doc.route).replace(/^\/+/, ''), doc.displayPath]));
  const fromSite = (file: string | undefined) => (file?.startsWith(ctx.siteDir + sep) ? relative(ctx.siteDir, file).split(sep).join('/') : undefined);
  return [
    ...pages.flatMap((page) => kindOf(page).outputPaths(page, ctx.base, pageFilesOf(ctx.config)).map((path) => ({ path, from: sourceOf.get(page.route) }))),
    ...files.map(({ path, copyFrom, contents }) => ({ path, from: fromSite(copyFrom), what: twinOf.has(path) ? `the markdown twin of ${twinOf.get(path)}` : undefined, contents: typeof contents === 'string' ? contents : undefined })),
  ];
}
