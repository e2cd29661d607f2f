// A copied page's text: its front matter merged with what the reader set (the old URL as
// `slug`, the sidebar's place and label), and its body rewritten out of the source generator's
// dialect (includes, admonitions, tabs, import lines, kramdown attributes) by the same rewriters
// the build runs, so the new site's pages read as helpgen's own markdown.
import { statSync } from 'node:fs';
import yaml from 'js-yaml';
import { rewriteDialects } from '../markdown/dialects/index.ts';
import type { MigrationProblem, PageCopy } from './model.ts';
import { rewriteRelativeLinks } from './relative-links.ts';

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

interface SplitPage {
  data: Record<string, unknown>;
  /** The front matter block as written, "" when there is none. */
  block: string;
  body: string;
}

export function splitFrontMatter(text: string, file: string, problems: MigrationProblem[]): SplitPage {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { data: {}, block: '', body: text };
  try {
    const data = yaml.load(match[1] ?? '', { schema: yaml.JSON_SCHEMA });
    return { data: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}, block: match[0], body: text.slice(match[0].length) };
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    problems.push({
      file,
      line: mark ? mark.line + 2 : 1,
      column: mark ? mark.column + 1 : undefined,
      message: `its front matter is not valid YAML (${(error as Error).message.split('\n')[0]}), so it was copied as it is`,
      fix: 'Correct the YAML between the --- lines of the copied page; helpgen build names the same line.',
    });
    return { data: {}, block: match[0], body: text.slice(match[0].length) };
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The new text of a page. `sourceDir` bounds the includes: a page may include any file in the
 * source site (mdBook's listings sit beside src/), nothing outside it.
 */
export function migratePageText(text: string, page: PageCopy, sourceDir: string, problems: MigrationProblem[], moved: ReadonlyMap<string, string> = new Map()): string {
  const { data, block, body } = splitFrontMatter(text, page.from, problems);
  const lineOffset = block ? block.split('\n').length - 1 : 0;
  const rewritten = rewriteDialects(
    body,
    {
      contentDir: sourceDir,
      isFile,
      report: (d) =>
        problems.push({
          file: page.from,
          line: d.position?.line !== undefined ? d.position.line + lineOffset : undefined,
          column: d.position?.column,
          message: d.message,
          fix: d.code === 'include-not-found' ? 'The file is not in the source folder: copy it into the new site\'s content/ beside the page (the include line is kept), or paste its text into the page.' : (d.hint ?? 'Edit the copied page by hand.'),
        }),
    },
    { relPath: page.from, displayPath: page.from },
  ).text;
  const linked = moved.size ? rewriteRelativeLinks(rewritten, page.from, page.to, moved) : rewritten;
  const setKeys = Object.keys(page.frontMatter);
  if (setKeys.length === 0) return block + linked;
  const merged = { ...data, ...page.frontMatter };
  return `---\n${yaml.dump(merged, { lineWidth: -1, noRefs: true })}---\n${linked}`;
}
