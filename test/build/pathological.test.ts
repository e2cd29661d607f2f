// Pathological pages end quickly with an error naming the file, never a hang, a crash or
// "bug in helpgen"; the dev server keeps answering while one is in content/.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';
import { startDevServer } from '../../cli/commands/dev.ts';
import { EventStream } from '../dev/events.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function site(): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-patho-'));
  made.push(dir);
  cpSync(fixture('basic-site'), dir, { recursive: true });
  return dir;
}

const page = (body: string) => `---\ntitle: Odd\n---\n\nIntro.\n\n${body}\n`;
/** `count` footnote definitions from line 7 on, each called in a paragraph of its own. */
const footnotes = (count: number) => {
  const ids = Array.from({ length: count }, (_, i) => i);
  return `${ids.map((i) => `[^${i}]: n`).join('\n')}\n\n${ids.map((i) => `a[^${i}]`).join('\n\n')}`;
};

describe('pathological pages', () => {
  it.each([
    ['5,000 nested blockquotes', '>'.repeat(5000) + ' deep', 'content/odd.md:7:1: error: blockquotes and lists nest 5,000 levels deep here, more than the 32 helpgen reads'],
    ['a 10 KB line of nested list items', '- '.repeat(5000) + 'deep', 'content/odd.md:7:1: error: blockquotes and lists nest 5,000 levels deep here'],
    ['a 700-deep list, each item indented under the one before', Array.from({ length: 700 }, (_, i) => '  '.repeat(i) + '- item').join('\n'), 'content/odd.md:39:1: error: blockquotes and lists nest 33 levels deep here'],
    ['5,000 nested raw HTML elements', '<div>'.repeat(5000) + 'deep', 'content/odd.md:7:1: error: this page nests too deeply to render'],
    // Each of these took 10-130 s to parse (quadratic, or linear with a large factor), and a build ended with exit 0.
    ['40,000 footnotes in 880 KB', footnotes(40_000), 'content/odd.md:1007:1: error: this page has more than 1,000 footnotes, the most helpgen reads on one page'],
    ['20,000 link reference definitions', Array.from({ length: 20_000 }, (_, i) => `[r${i}]: /x/${i}`).join('\n'), 'content/odd.md:2007:1: error: this page has more than 2,000 link definitions'],
    ['100 KB of nested brackets', `${'['.repeat(50_000)}x${']'.repeat(50_000)}`, 'content/odd.md:7:1: error: this paragraph has 100,000 of the characters that can start inline markup'],
    ['100 KB of unclosed links', '[a]('.repeat(25_000), 'content/odd.md:7:1: error: this paragraph has 50,000 of the characters that can start inline markup'],
    ['100 KB of emphasis markers', '*a'.repeat(50_000), 'content/odd.md:7:1: error: this paragraph has 50,000 of the characters that can start inline markup'],
    ['a 3,000-column table', `|${'a|'.repeat(3000)}\n|${'-|'.repeat(3000)}\n|${'b|'.repeat(3000)}`, 'content/odd.md:8:1: error: this table has 3,000 columns, more than the 1,000 helpgen reads'],
    ['a table of 30,000 cells', `|a|b|c|\n|-|-|-|\n${'|x|y|z|\n'.repeat(10_000)}`, 'content/odd.md:3340:1: error: this table has more than 10,000 cells'],
  ])('%s: an error naming the page', (_name, body, message) => {
    const dir = site();
    writeFileSync(join(dir, 'content', 'odd.md'), page(body));
    const run = runCli(['build', dir]);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toContain('bug in helpgen');
    expect(run.stderr).not.toContain('Maximum call stack');
    expect(run.status).toBe(1);
  });

  it('builds a page of 900 footnotes, each called in its own paragraph', () => {
    const dir = site();
    writeFileSync(join(dir, 'content', 'odd.md'), page(footnotes(900)));
    const run = runCli(['build', dir]);
    expect(run.stderr).not.toMatch(/error|warning/);
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'dist', 'support', 'odd', 'index.html'), 'utf8')).toContain('>900</a></sup>');
  });

  it('keeps a 10 KB thematic break and deep-looking lines inside code blocks', () => {
    const dir = site();
    writeFileSync(join(dir, 'content', 'odd.md'), page(`${'- '.repeat(5000)}-\n\n\`\`\`text\n${'> '.repeat(300)}quoted\n\`\`\``));
    const run = runCli(['build', dir]);
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'dist', 'support', 'odd', 'index.html'), 'utf8')).toContain('<hr>');
  });

  it('refuses a 20 MB page at once, naming it; maxPageSizeKB in the config sets the limit', () => {
    const dir = site();
    writeFileSync(join(dir, 'content', 'huge.md'), page('Lorem ipsum dolor sit amet. '.repeat(750_000)));
    const run = runCli(['build', dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/huge.md: error: page is 20,508 KB, more than the 1,024 KB a page may have');
    expect(run.stderr).toContain('raise maxPageSizeKB in help.config.ts');

    rmSync(join(dir, 'content', 'huge.md'));
    writeFileSync(join(dir, 'content', 'small.md'), page('Lorem ipsum dolor sit amet. '.repeat(100)));
    expect(runCli(['build', dir]).status).toBe(0);
    const config = join(dir, 'help.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("title: 'Acme Help',", "title: 'Acme Help',\n  maxPageSizeKB: 2,"));
    const limited = runCli(['build', dir]);
    expect(limited.stderr).toContain('content/small.md: error: page is 3 KB, more than the 2 KB a page may have');
    expect(limited.status).toBe(1);
  });

  it('leaves the dev server answering while a 20 MB page is in content/, with the problem in the overlay', async () => {
    const dir = site();
    const dev = await startDevServer(dir, { port: '0', host: '127.0.0.1', log: () => {}, watchHelpgenSources: false });
    const events = await EventStream.open(new URL('/__helpgen/events', dev.url).href);
    try {
      mkdirSync(join(dir, 'content', 'big'));
      writeFileSync(join(dir, 'content', 'big', 'huge.md'), page('Lorem ipsum dolor sit amet. '.repeat(750_000)));
      const problem = await events.next((e) => e.event === 'problem');
      expect(problem.data).toMatchObject({ file: 'content/big/huge.md' });
      expect((await fetch(new URL('/support/guides/start', dev.url))).status).toBe(200);
    } finally {
      events.close();
      await dev.close();
    }
  });
});
