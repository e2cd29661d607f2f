// Recompiles templates/ when a writer's developer edits them during `helpgen dev`, so the next
// rebuild renders with the new components without restarting the server. A template that does
// not compile, or a module that lost an export the build calls, is a "developer error" naming
// the file (the stack trace only with --debug), shown in the overlay until it is fixed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { helpgenCacheDir, helpgenRoot } from '../paths.ts';
import { pruneCache } from '../disk-cache.ts';
import { bundleForNode } from '../node-bundle.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import type { Templates } from '../pipeline/context.ts';

const ENTRY = join('templates', 'render.tsx');
const EXPORTS = ['renderPage', 'renderSidebarFragment'] as const;

export async function compileTemplates(root = helpgenRoot): Promise<Templates> {
  let code: string;
  try {
    ({ code } = await bundleForNode(join(root, ENTRY), { absWorkingDir: root }));
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors?.[0];
    if (!first) throw error;
    throw new HelpgenError(`developer error: the templates do not compile: ${first.text}`, {
      position: first.location ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 } : { file: ENTRY },
      hint: 'Fix the template and save: the overlay goes away once it compiles.',
      cause: error,
    });
  }
  const dir = join(helpgenCacheDir, 'dev-templates');
  mkdirSync(dir, { recursive: true });
  // A new file name per version: Node caches modules by URL.
  const file = join(dir, `render-${createHash('sha1').update(code).digest('hex').slice(0, 12)}.mjs`);
  writeFileSync(file, code);
  // Earlier versions are already imported (or belong to an old dev server): a few stay for
  // another dev server running meanwhile, the rest go, instead of one file per edit forever.
  pruneCache(dir, { entries: (name) => name.startsWith('render-') && name.endsWith('.mjs'), keepNewest: 8, current: file });
  const mod = (await import(pathToFileURL(file).href)) as Partial<Templates>;
  const missing = EXPORTS.filter((name) => typeof mod[name] !== 'function');
  if (missing.length) {
    throw new HelpgenError(`developer error: ${ENTRY} does not export ${missing.join(' or ')}`, {
      position: { file: ENTRY },
      hint: `The template entry module must export the functions ${EXPORTS.join(' and ')}; put the export back.`,
    });
  }
  return { renderPage: mod.renderPage!, renderSidebarFragment: mod.renderSidebarFragment! };
}
