// A category page grouped by a front matter field (link.groupBy in _category_.json), built the
// way a writer builds it: group headings in the configured order, cards in sidebar order under
// them, pages without the field under "Other", and a typo in a group caught by --strict.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnce, fixture } from '../helpers/site.ts';
import { runCli } from '../helpers/cli.ts';

/** Group headings and the card titles under each, read from a built category page. */
function groupsOf(html: string): [string, string[]][] {
  return [...html.matchAll(/<h2 id="([^"]+)" class="card-group__title">([^<]+)<\/h2>([\s\S]*?)(?=<h2 id=|<\/article>)/g)].map((m) => [
    `${m[2]} #${m[1]}`,
    [...m[3]!.matchAll(/<h3 class="card__title">(?:<svg[\s\S]*?<\/svg>)?([^<]+)<\/h3>/g)].map((c) => c[1]!),
  ]);
}

describe('a category page grouped by a front matter field', () => {
  it('shows the groups in the order _category_.json lists them, then Other', async () => {
    const result = await buildOnce(fixture('grouped-category-site'));
    const html = readFileSync(join(result.outDir, 'support/category/tools/index.html'), 'utf8');
    expect(groupsOf(html)).toEqual([
      ['Cutting #cutting', ['Chisel', 'Saw']],
      ['Fastening #fastening', ['Hammer', 'Screwdriver']],
      ['Other #other', ['Level']],
    ]);
    expect(html).not.toContain('<h2 class="card__title">');
  });

  it('leaves a category page without groupBy as one list of cards', async () => {
    const result = await buildOnce(fixture('basic-site'));
    const html = readFileSync(join(result.outDir, 'support/category/guides/index.html'), 'utf8');
    expect(html).not.toContain('card-group');
    expect(html).toContain('<h2 class="card__title">');
  });

  it('warns about a group the category does not list, and --strict fails on it', () => {
    const site = join(mkdtempSync(join(tmpdir(), 'helpgen-groups-')), 'site');
    cpSync(fixture('grouped-category-site'), site, { recursive: true });
    const hammer = join(site, 'content/tools/hammer.md');
    writeFileSync(hammer, readFileSync(hammer, 'utf8').replace('kind: Fastening', 'kind: Fastners'));
    const run = runCli(['build', site, '--strict', '--out', join(site, 'dist')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/tools/hammer.md:4:1: warning: kind "Fastners" is not one of the groups of its category page (unknown-group)');
    expect(run.stderr).toContain('Use one of "Cutting", "Fastening", or add "Fastners" to "groups" in content/tools/_category_.json.');
  });
});
