// Builds a small site written at run time, in memory, and hands back each page's HTML and the
// build's diagnostics: the fixtures of issue 33's items are a few lines each, kept beside their test.
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import type { Diagnostic } from '../../cli/diagnostics/errors.ts';
import type { PageData } from '../../shared/types.ts';
import { writeSite } from '../helpers/temp-site.ts';

export interface BuiltSite {
  /** A built page's whole HTML, by its output path ("support/guide/index.html"). */
  html(path: string): string;
  pages: PageData[];
  diagnostics: Diagnostic[];
  /** The build's error, when it failed. */
  error?: Error;
}

export const CONFIG = "export default { title: 'Acme Docs', product: { name: 'Acme' }, tagline: 'keeps records' };\n";

export async function buildSite(files: Record<string, string>, config = CONFIG): Promise<BuiltSite> {
  const siteDir = writeSite({ 'help.config.ts': config, ...files }, 'helpgen-faithful-');
  const reporter = new Reporter(() => {});
  try {
    const result = await build({ siteDir, write: false, cache: false, reporter });
    const byPath = new Map(result.files.map((f) => [f.path, typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents ?? '').toString('utf8')]));
    const html = (path: string) => {
      const text = byPath.get(path);
      if (text === undefined) throw new Error(`no ${path} among ${[...byPath.keys()].filter((p) => p.endsWith('.html')).join(', ')}`);
      return text;
    };
    return { html, pages: result.pages, diagnostics: reporter.diagnostics };
  } catch (error) {
    return { html: () => '', pages: [], diagnostics: reporter.diagnostics, error: error as Error };
  }
}

/** The page's main column (the markdown body and its header), as HTML. */
export function mainColumn(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  return start === -1 ? html : html.slice(start, end);
}
