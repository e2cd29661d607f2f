// The link check reads real links only (a page's markdown tree, and the tags the templates
// wrote), and addresses written for other generators resolve as those generators resolve them.
import { describe, expect, it } from 'vitest';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import type { Diagnostic } from '../../cli/diagnostics/errors.ts';
import { writeSite } from '../helpers/temp-site.ts';

const page = (title: string, body = '') => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\n${body}\n`;

async function diagnosticsOf(files: Record<string, string>): Promise<Diagnostic[]> {
  const reporter = new Reporter(() => {});
  await build({ siteDir: writeSite(files, 'helpgen-links-'), write: false, reporter }).catch(() => undefined);
  return reporter.diagnostics.filter((d) => d.code !== 'missing-title');
}

describe('the link check', () => {
  it('checks real links and images, never markup shown as code', async () => {
    const diagnostics = await diagnosticsOf({
      'content/index.md': page('Home'),
      'content/guide.md': page(
        'Guide',
        [
          'Write `<img src="/logo.png">` or `<a href="/nowhere">x</a>` in your template.',
          '',
          '```html',
          '<link href="/styles.css"><script src="/app.js"></script>',
          '```',
          '',
          '<img src="/missing.png" alt="Missing">',
          '',
          '<video src="/clip.mp4" poster="/poster.png"></video>',
        ].join('\n'),
      ),
    });
    expect(diagnostics.map((d) => [d.code, d.message, d.position?.line])).toEqual([
      ['broken-link', 'broken link "Missing" to /support/missing.png: no page or file at /support/missing.png', 12],
      ['broken-link', 'broken link to /support/clip.mp4: no page or file at /support/clip.mp4', 14],
      ['broken-link', 'broken link to /support/poster.png: no page or file at /support/poster.png', 14],
    ]);
  });

  it('resolves mdBook and VitePress output names, .md?query links, <a name> targets and {#id} headings', async () => {
    const diagnostics = await diagnosticsOf({
      'content/index.md': page('Home'),
      'content/ch04-01-what-is-ownership.md': page('Ownership', '## The Stack and the Heap\n\n<a name="old-anchor"></a>Legacy target.'),
      'content/ch04-02-references.md': page(
        'References',
        [
          'See [the stack](ch04-01-what-is-ownership.html#the-stack-and-the-heap),',
          '[an old anchor](ch04-01-what-is-ownership.html#old-anchor),',
          '[options](api/structures/options.md?inline),',
          '[lifecycle](/guide/lifecycle.html#lifecycle-diagram),',
          '[the guide](guide/index.html) and [custom](guide/lifecycle.md#custom-id).',
        ].join('\n'),
      ),
      'content/api/structures/options.md': page('Options'),
      'content/guide/index.md': page('Guide'),
      'content/guide/lifecycle.md': page('Lifecycle', '## Lifecycle Diagram\n\n## A heading with its own id {#custom-id}'),
    });
    expect(diagnostics).toEqual([]);
  });

  it('without a home page, links home to the first page with one warning, instead of a broken link blamed on the config', async () => {
    const diagnostics = await diagnosticsOf({ 'content/guides/start.md': page('Start'), 'content/guides/next.md': page('Next') });
    expect(diagnostics.map((d) => d.hint ?? '')).not.toContain(expect.stringContaining('help.config.ts'));
    expect(diagnostics.map((d) => d.code)).toEqual(['no-home-page']);
    // The first page in reading order is the one guides/ gets as its index (it has no _category_.json).
    expect(diagnostics[0]!.message).toContain('the logo and home links go to the first page, /support/category/guides');
  });
});
