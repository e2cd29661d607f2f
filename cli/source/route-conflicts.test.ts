import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { scanContent } from './scan.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The problems that stop a scan of a site made of `files` (path under content/ → text). */
async function refusal(files: Record<string, string>): Promise<Diagnostic[]> {
  const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-conflicts-'));
  made.push(siteDir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(siteDir, 'content', path)), { recursive: true });
    writeFileSync(join(siteDir, 'content', path), text);
  }
  try {
    await scanContent({ siteDir, baseUrl: '/support/', exclude: [], report: () => undefined });
  } catch (error) {
    return (error as { problems: Diagnostic[] }).problems;
  }
  throw new Error('the scan did not refuse the site');
}

const page = (title: string) => `---\ntitle: ${title}\n---\n\nText.\n`;

describe('a site refused for routes claimed twice', () => {
  it('tells two categories whose labels slug alike to set link.slug in _category_.json, naming both files', async () => {
    const category = (label: string) => JSON.stringify({ label, link: { type: 'generated-index' } });
    const problems = await refusal({
      'setup/_category_.json': category('Set up'),
      'setup/a.md': page('A'),
      'set-up/_category_.json': category('Set-up'),
      'set-up/b.md': page('B'),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('content/set-up/_category_.json');
    expect(problems[0]!.message).toContain('content/setup/_category_.json');
    expect(problems[0]!.hint).toContain('"slug"');
    expect(problems[0]!.hint).toContain('_category_.json');
    expect(problems[0]!.hint).not.toContain('front matter');
  });

  it('tells a README.md beside a page of the same name how to leave the README out', async () => {
    const problems = await refusal({ 'guides.md': page('Guides'), 'guides/README.md': page('About this folder'), 'guides/start.md': page('Start') });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.hint).toContain('add "guides/README.md" to docs.exclude in help.config.ts');
  });

  it('names every conflict of the site at once, each with the fix for its own files', async () => {
    const problems = await refusal({
      'a.md': page('A'),
      'a/README.md': page('A readme'),
      'b/one.md': '---\ntitle: One\nslug: /b/two\n---\n',
      'b/two.md': page('Two'),
    });
    expect(problems.map((p) => p.code)).toEqual(['duplicate-route', 'duplicate-route']);
    expect(problems.map((p) => p.hint)).toEqual([
      expect.stringContaining('docs.exclude'),
      expect.stringContaining('"slug:" in the front matter of content/b/'),
    ]);
  });
});
