// A page's markdown twin keeps the writer's text and makes relative link targets absolute,
// outside code. rewriteLinks looks only at lines with a "[" or a fence mark: these pages put
// links and fence marks where a line-skipping rewrite could go wrong.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config/load.ts';
import type { SourceDoc } from '../source/scan.ts';
import type { DocPageData } from '../../shared/types.ts';
import { markdownTwinFiles, type TwinInput } from './markdown-twins.ts';
import type { OutputFile } from '../output/output.ts';

const config = validateConfig({ title: 'T', product: { name: 'Ordo', slug: 'ordo' }, url: 'https://ordo.app' }, 'help.config.ts');

function inputOf(markdown: string): TwinInput {
  const source = { source: markdown, route: '/guides/a', dir: 'guides', relPath: 'guides/a.md' } as SourceDoc;
  const page = { kind: 'doc', route: '/guides/a', href: '/guides/a', title: 'A', description: '' } as DocPageData;
  return {
    config,
    docs: [{ source, page }],
    categories: [],
    sidebar: [],
    routeByRelPath: new Map([
      ['guides/a.md', '/guides/a'],
      ['guides/b.md', '/guides/b'],
    ]),
    assetHref: (relPath) => (relPath === 'guides/shot.png' ? '/assets/files/shot.1234567890.png' : undefined),
  };
}

/** Each file's text: its contents, or what it is made of as the output would write it. */
async function textsOf(files: OutputFile[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const file of files) {
    if (!file.chunks) {
      texts.set(file.path, String(file.make?.() ?? file.contents));
      continue;
    }
    const parts: Uint8Array[] = [];
    for await (const chunk of file.chunks()) parts.push(chunk);
    texts.set(file.path, Buffer.concat(parts).toString('utf8'));
  }
  return texts;
}

async function twinOf(markdown: string): Promise<string> {
  const input = inputOf(markdown);
  // A build that writes without the cache makes the same files while it writes them.
  expect(await textsOf(markdownTwinFiles(input, undefined, { made: 0 }))).toEqual(await textsOf(markdownTwinFiles(input)));
  const twin = String(markdownTwinFiles(input)[0]!.contents);
  return twin.slice(twin.indexOf('\n\n', twin.indexOf('Source: ')) + 2);
}

const b = 'https://ordo.app/guides/b';

describe('markdown twins', () => {
  it('makes relative targets absolute in links, images and definitions, outside code', async () => {
    const page = [
      '---',
      'title: A',
      '---',
      'See [B](b.md#x) and ![shot](shot.png "Shot") and [gone](gone.md).',
      'Code `[B](b.md)` stays, [B](./b.md) does not; [only brackets] stay.',
      '[ref]: b.md#y',
      '```js',
      '[B](b.md)',
      '```',
      '~~~~',
      '```',
      '[B](b.md)',
      '~~~~',
      '[B](b.md#one#two)\r',
      '````',
      '[B](b.md)',
      '```',
      '[B](b.md)',
      '````',
      '  [B](b.md)',
    ].join('\n');
    expect(await twinOf(page)).toBe(
      [
        `See [B](${b}#x) and ![shot](https://ordo.app/assets/files/shot.1234567890.png "Shot") and [gone](gone.md).`,
        `Code \`[B](b.md)\` stays, [B](${b}) does not; [only brackets] stay.`,
        `[ref]: ${b}#y`,
        '```js',
        '[B](b.md)',
        '```',
        '~~~~',
        '```',
        '[B](b.md)',
        '~~~~',
        `[B](${b}#one)\r`,
        '````',
        '[B](b.md)',
        '```',
        '[B](b.md)',
        '````',
        `  [B](${b})`,
        '',
      ].join('\n'),
    );
  });

  it('keeps a page without links or code as written', async () => {
    const page = 'Plain text.\n\nA list:\n\n- one\n- two ~~gone~~ and `code`\n';
    expect(await twinOf(page)).toBe(page);
    expect(await twinOf('[x]')).toBe('[x]\n');
  });

  it('keeps the #part of a link written as an absolute path', async () => {
    expect(await twinOf('See [B](/guides/b#part) and [C](/support/guides/b#other).')).toBe(
      'See [B](https://ordo.app/support/guides/b#part) and [C](https://ordo.app/support/guides/b#other).\n',
    );
  });
});

describe('markdown twins of a build that writes without the cache', () => {
  it('holds no twin: each is made as it is written', async () => {
    const input = inputOf('Text.\n');
    let reads = 0;
    const source = input.docs[0]!.source;
    const text = source.source;
    Object.defineProperty(source, 'source', {
      get: () => {
        reads++;
        return text;
      },
    });
    const made = { made: 0 };
    const files = markdownTwinFiles(input, undefined, made);
    expect(files.map((file) => [file.path, file.contents !== undefined])).toEqual([
      ['support/llms.txt', true],
      ['support/llms-full.txt', false],
      ['guides/a.md', false],
    ]);
    expect(reads).toBe(0);
    await textsOf(files);
    expect(reads).toBe(1); // made for llms-full.txt, kept for its own file
    expect(made.made).toBe(1);
  });

  it('joins many twins into llms-full.txt in reading order, a megabyte at a time', async () => {
    const input = inputOf('x'.repeat(300_000) + '\n');
    const page = input.docs[0]!;
    input.docs = Array.from({ length: 8 }, (_, i) => ({ source: { ...page.source, route: `/guides/p${i}`, relPath: `guides/p${i}.md` }, page: { ...page.page, route: `/guides/p${i}`, href: `/guides/p${i}`, title: `P${i}` } }));
    const llmsFull = markdownTwinFiles(input, undefined, { made: 0 }).find((file) => file.path.endsWith('llms-full.txt'))!;
    const sizes: number[] = [];
    for await (const chunk of llmsFull.chunks!()) sizes.push(chunk.byteLength);
    expect(sizes.length).toBe(2);
    expect(sizes[0]).toBeGreaterThanOrEqual(1 << 20);
    const whole = (await textsOf([llmsFull])).get(llmsFull.path)!;
    expect(whole).toBe(String(markdownTwinFiles(input).find((file) => file.path.endsWith('llms-full.txt'))!.contents));
    expect([...whole.matchAll(/^# (P\d)$/gm)].map((m) => m[1])).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7']);
  });
});
