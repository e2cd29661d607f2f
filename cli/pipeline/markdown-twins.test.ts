// A page's markdown twin keeps the writer's text and makes relative link targets absolute,
// outside code. rewriteLinks looks only at lines with a "[" or a fence mark: these pages put
// links and fence marks where a line-skipping rewrite could go wrong.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config/load.ts';
import type { SourceDoc } from '../source/scan.ts';
import type { DocPageData } from '../../shared/types.ts';
import { markdownTwinFiles, type TwinInput } from './markdown-twins.ts';

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

function twinOf(markdown: string): string {
  const input = inputOf(markdown);
  const [asText, asBytes] = [false, true].map((bytes) => new Map(markdownTwinFiles(input, undefined, bytes).map((file) => [file.path, String(file.contents)])));
  expect(asBytes).toEqual(asText);
  const twin = String(markdownTwinFiles(input)[0]!.contents);
  return twin.slice(twin.indexOf('\n\n', twin.indexOf('Source: ')) + 2);
}

const b = 'https://ordo.app/guides/b';

describe('markdown twins', () => {
  it('makes relative targets absolute in links, images and definitions, outside code', () => {
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
    expect(twinOf(page)).toBe(
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

  it('keeps a page without links or code as written', () => {
    const page = 'Plain text.\n\nA list:\n\n- one\n- two ~~gone~~ and `code`\n';
    expect(twinOf(page)).toBe(page);
    expect(twinOf('[x]')).toBe('[x]\n');
  });

  it('keeps the #part of a link written as an absolute path', () => {
    expect(twinOf('See [B](/guides/b#part) and [C](/support/guides/b#other).')).toBe(
      'See [B](https://ordo.app/support/guides/b#part) and [C](https://ordo.app/support/guides/b#other).\n',
    );
  });

  it('gives a writing build llms-full.txt before the twins it copies, so that copy is written and let go first', () => {
    const paths = markdownTwinFiles(inputOf('Text.\n'), undefined, true).map((file) => file.path);
    expect(paths).toEqual(['support/llms.txt', 'support/llms-full.txt', 'guides/a.md']);
  });
});
