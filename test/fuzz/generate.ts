// Hostile markdown documents for the fuzz (./run.ts): every construct helpgen reads, mixed and
// nested at random, with long lines, deep nesting and odd Unicode, from a seeded PRNG so that
// a seed and a number always give the same bytes (a finding can be replayed from its seed).
import { createRng, type Rng } from '../../bench/prng.ts';

/** Text that is hard on parsers, sanitizers, slugs and the search index. */
const ODD_TEXT = [
  'plain words',
  'مرحبا بالعالم', // Arabic, right to left
  'שלום \u202Eevil\u202C', // Hebrew and a right-to-left override
  'Z\u0351\u0352\u0353a\u0300\u0301\u0302\u0303l\u0489g\u0334o\u0335', // combining marks
  'nul\u0000here',
  'bell\u0007 esc\u001b[31m red',
  'tab\tand\u000bvertical\u000cfeed',
  'line\u2028separator\u2029paragraph',
  '👩‍👩‍👧‍👦 family 🏳️‍🌈 flag 👍🏽',
  'zero\u200bwidth\u200d\u200cjoin\u2060',
  'bom\uFEFFinside',
  'ｆｕｌｌｗｉｄｔｈ ＡＢＣ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝕞𝕒𝕥𝕙',
  'größe straße ǅ ﬁ İı',
  '中文字符 日本語 한국어',
  '&amp; &lt;tag&gt; &#0; &#x110000; &bogus;',
  'a\\*b\\_c\\`d\\[e\\]',
  '"quotes" \'single\' `tick`',
  '../../etc/passwd',
  'javascript:alert(1)',
  '{{product.name}} {{ title }} {{unknown}} {{',
  '${process.env.HOME}',
  '__proto__ constructor prototype',
];

const LINK_TARGETS = [
  '/support/guides/start',
  '../intro.md',
  './doc-1.md',
  'doc-2.md#section',
  'missing.md',
  '/support/missing',
  '#top',
  '#missing-anchor',
  'https://example.com/a?b=c#d',
  'mailto:a@example.com',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '',
  '<with spaces.md>',
  '../../../../outside.md',
  'img/pic.png',
  './missing.png',
  '//evil.example/x',
];

const LANGS = ['ts', 'js', 'bash', 'json', 'python', 'mermaid', 'text', 'unknownlang', '', 'diff', 'html', 'yaml'];
const METAS = ['', 'title="a.ts"', '{1,3-4}', 'showLineNumbers', 'title="<script>"', '{99999}', '[Label]', 'title=unterminated"'];

export interface GenerateOptions {
  /** Up to how deep blocks nest (deep enough, now and then, to pass helpgen's limits). */
  maxDepth?: number;
}

/** Document `index` of the run with this seed: the bytes of a .md file. */
export function generateDocument(seed: number, index: number, options: GenerateOptions = {}): Buffer {
  const rng = createRng(seed).fork(`document ${index}`);
  const maxDepth = options.maxDepth ?? 6;
  const parts: string[] = [];
  if (rng.chance(0.8)) parts.push(frontMatter(rng));
  const blocks = rng.int(1, 14);
  for (let i = 0; i < blocks; i++) parts.push(block(rng, 0, maxDepth));
  if (rng.chance(0.05)) parts.push(deepNesting(rng));
  if (rng.chance(0.05)) parts.push(longLine(rng));
  let text = parts.join(rng.pick(['\n\n', '\n', '\r\n\r\n', '\n\n\n']));
  if (rng.chance(0.05)) text = `\uFEFF${text}`;
  return withOddBytes(rng, Buffer.from(text, 'utf8'));
}

/** Front matter: nearly always valid (so the page goes on to be rendered), now and then broken. */
function frontMatter(rng: Rng): string {
  const lines = ['---'];
  const wild = rng.chance(0.08);
  if (rng.chance(0.9)) lines.push(`title: ${yamlValue(rng, wild)}`);
  if (rng.chance(0.3)) lines.push(`description: ${yamlValue(rng, wild)}`);
  if (rng.chance(0.2)) lines.push(`sidebar_position: ${wild ? rng.pick(['1e9', 'NaN', '"two"', '-3']) : rng.pick(['1', '2.5', '10'])}`);
  if (rng.chance(0.2)) lines.push(`tags: [${rng.sample(wild ? ['a', '"c d"', '{x: 1}', '[]'] : ['a', 'b', '"c d"', 'ü'], 2).join(', ')}]`);
  if (rng.chance(0.1)) lines.push(`keywords: ${rng.pick(['[one, two]', '[größe, "a b"]'])}`);
  if (rng.chance(0.03)) lines.push(`slug: ${rng.pick(['/fuzz-slug', '../../x', '/', '"/a b"', '/404', '/.hidden'])}`);
  if (rng.chance(0.03)) lines.push(`id: ${rng.pick(['custom-id', '../up', '"a/b"'])}`);
  if (wild && rng.chance(0.3)) lines.push(rng.pick(['title: [unclosed', 'bad: : yaml: here', '  - stray item', 'key: &anchor\nother: *anchor', 'dup: 1\ndup: 2', '__proto__: {polluted: true}']));
  if (!wild || rng.chance(0.8)) lines.push('---');
  return lines.join('\n');
}

function yamlValue(rng: Rng, wild: boolean): string {
  const text = oddText(rng);
  // YAML refuses control characters even escaped; a tame value leaves them out.
  if (!wild) return JSON.stringify([...text].filter((c) => c >= ' ' || c === '\t').join(''));
  return rng.pick([text, JSON.stringify(text), `'${text.replace(/'/g, "''")}'`, `|\n  ${text}`, '', '~', '"unterminated']);
}

function oddText(rng: Rng): string {
  return rng.sample(ODD_TEXT, rng.int(1, 3)).join(' ');
}

/** A line of inline markup. */
function inline(rng: Rng, depth = 0): string {
  const pieces: string[] = [];
  const n = rng.int(1, 8);
  for (let i = 0; i < n; i++) {
    const text = oddText(rng);
    const inner = depth < 3 && rng.chance(0.3) ? inline(rng, depth + 1) : text;
    pieces.push(
      rng.pick([
        text,
        `*${inner}*`,
        `**${inner}**`,
        `_${inner}_`,
        `~~${inner}~~`,
        `\`${text.replace(/`/g, '')}\``,
        `\`\`${text}\`\``,
        `[${inner}](${rng.pick(LINK_TARGETS)})`,
        `[${inner}](${rng.pick(LINK_TARGETS)} "${text}")`,
        `![${text}](${rng.pick(LINK_TARGETS)})`,
        `[${text}][ref-${rng.int(0, 3)}]`,
        `[^${rng.pick(['1', 'note', 'missing', 'ü'])}]`,
        `<${rng.pick(['https://example.com', 'a@example.com', 'notalink'])}>`,
        'www.example.com/path',
        'https://example.com/auto?x=1',
        'someone@example.com',
        `<span onclick="alert(1)" style="x">${text}</span>`,
        `<kbd>${text}</kbd>`,
        '<img src=x onerror=alert(1)>',
        `:abbr[${text}]{title="x"}`,
        `{{product.name}}`,
        `{${text}}`,
        `<Component prop={1} />`,
        '\\',
        '  ',
        `&#${rng.int(0, 0x11ffff)};`,
      ]),
    );
  }
  return pieces.join(rng.pick([' ', '', '\n', '  \n']));
}

function block(rng: Rng, depth: number, maxDepth: number): string {
  const nested = () => (depth < maxDepth ? block(rng, depth + 1, maxDepth) : inline(rng));
  const kind = rng.int(0, 21);
  switch (kind) {
    case 0:
      return `${'#'.repeat(rng.int(1, 7))} ${inline(rng)}${rng.chance(0.3) ? ` {#${rng.pick(['custom', 'dup', 'a b', 'ü', '', '--', 'x'.repeat(200)])}}` : ''}`;
    case 1:
      return `${inline(rng)}\n${rng.pick(['===', '---', '- - -'])}`;
    case 2:
    case 3:
      return inline(rng);
    case 4:
      return list(rng, depth, maxDepth);
    case 5:
      return prefixLines(nested(), rng.pick(['> ', '>', '>  ']));
    case 6:
      return codeFence(rng);
    case 7:
      return `    ${oddText(rng)}\n    ${oddText(rng)}`;
    case 8:
      return table(rng);
    case 9:
      return `:::${rng.pick(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'unknown', 'details'])}${rng.pick(['', ' Title', ` ${oddText(rng)}`, '{.cls}', '[label]'])}\n${nested()}\n${rng.chance(0.9) ? ':::' : ''}`;
    case 10:
      return `> [!${rng.pick(['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION', 'BOGUS'])}]\n${prefixLines(nested(), '> ')}`;
    case 11:
      return tabs(rng, depth, maxDepth);
    case 12:
      return rawHtml(rng);
    case 13:
      return `[^${rng.pick(['1', 'note', 'ü', 'unused'])}]: ${inline(rng)}\n    ${inline(rng)}`;
    case 14:
      return `[ref-${rng.int(0, 3)}]: ${rng.pick(LINK_TARGETS) || '<>'} ${rng.pick(['', '"title"', "'t'", '(paren)'])}`;
    case 15:
      return rng.pick(['***', '___', '- - -', '* * *']);
    case 16:
      return `::${rng.pick(['leaf', 'youtube', 'note'])}[${oddText(rng)}]{${rng.pick(['a=1', '#id .cls', 'x="y"', 'unclosed="'])}}`;
    case 17:
      return rng.pick(['import Thing from "./thing"', 'export const x = 1;', '<Tabs>\n<TabItem value="a">\n\nA\n\n</TabItem>\n</Tabs>', '{/* comment */}']);
    case 18:
      return `- [${rng.pick([' ', 'x', 'X'])}] ${inline(rng)}\n- [ ] ${inline(rng)}`;
    case 19:
      return `<details>\n<summary>${oddText(rng)}</summary>\n\n${nested()}\n\n</details>`;
    case 20:
      return `${'  '.repeat(rng.int(0, 6))}${inline(rng)}`;
    default:
      return `$$\n${oddText(rng)}\n$$`;
  }
}

function list(rng: Rng, depth: number, maxDepth: number): string {
  const ordered = rng.chance(0.4);
  const items = rng.int(1, 5);
  const lines: string[] = [];
  for (let i = 0; i < items; i++) {
    const marker = ordered ? `${rng.pick([i + 1, 0, 999999999])}${rng.pick(['.', ')'])} ` : `${rng.pick(['-', '*', '+'])} `;
    const body = depth < maxDepth && rng.chance(0.4) ? block(rng, depth + 1, maxDepth) : inline(rng);
    const [first, ...rest] = body.split('\n');
    lines.push(marker + first, ...rest.map((line) => ' '.repeat(marker.length) + line));
    if (rng.chance(0.3)) lines.push('');
  }
  return lines.join('\n');
}

function codeFence(rng: Rng): string {
  const fence = rng.pick(['```', '~~~', '````']);
  const lang = rng.pick(LANGS);
  const body = lang === 'mermaid' ? rng.pick(['graph TD\n  A-->B', 'sequenceDiagram\n  A->>B: hi', 'not a diagram', `graph TD\n  A["${oddText(rng)}"]`]) : `${oddText(rng)}\n${'x'.repeat(rng.int(0, 300))}`;
  return `${fence}${lang}${rng.chance(0.4) ? ` ${rng.pick(METAS)}` : ''}\n${body}\n${rng.chance(0.9) ? fence : ''}`;
}

function table(rng: Rng): string {
  const columns = rng.int(1, 8);
  const row = () => `| ${Array.from({ length: columns }, () => rng.pick([oddText(rng), inline(rng).replace(/\n/g, ' '), '\\|', '', '`a|b`'])).join(' | ')} |`;
  const lines = [row(), `|${Array.from({ length: columns }, () => rng.pick(['---', ':--', '--:', ':-:'])).join('|')}|`];
  for (let i = rng.int(0, 6); i > 0; i--) lines.push(rng.chance(0.1) ? '| too | many | cells | here | x | y | z | w | v |' : row());
  return lines.join('\n');
}

function tabs(rng: Rng, depth: number, maxDepth: number): string {
  const kind = rng.pick(['tabs', 'code-group']);
  const lines = [`:::${kind}${rng.pick(['', '{groupId=os}', '{groupId="a b"}', '{groupId=}'])}`];
  for (let i = rng.int(0, 4); i > 0; i--) {
    if (kind === 'tabs') lines.push(rng.pick([`::tab[${oddText(rng)}]`, '::tab{label="Android"}', '::tab']), depth < maxDepth ? block(rng, depth + 1, maxDepth) : inline(rng));
    else lines.push(codeFence(rng));
  }
  if (rng.chance(0.9)) lines.push(':::');
  return lines.join('\n');
}

function rawHtml(rng: Rng): string {
  return rng.pick([
    '<script>alert(1)</script>',
    '<div class="x" id="helpgen-config">\n\n**markdown inside**\n\n</div>',
    '<iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style>',
    '<!-- a comment -->',
    '<!-- unclosed comment',
    '<table><tr><td>cell</td></tr></table>',
    '<svg onload=alert(1)><circle r="4"/></svg>',
    '<a href="javascript:alert(1)">x</a>',
    '<video src="x.mp4" poster="javascript:alert(1)" controls></video>',
    '<div>\n<div>\n<div>unclosed',
    '</div></div></div>',
    '<form action="https://evil.example"><input name="getElementById"></form>',
    `<p title="${oddText(rng)}">${oddText(rng)}</p>`,
    '<math><mi>x</mi></math>',
    '<![CDATA[ data ]]>',
    '<?php echo 1; ?>',
    '<!DOCTYPE html>',
  ]);
}

function prefixLines(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}

/** Nesting from ordinary to far past helpgen's limit of 32 levels. */
function deepNesting(rng: Rng): string {
  const depth = rng.pick([8, 20, 31, 33, 100, 1000]);
  return rng.pick([
    () => `${'>'.repeat(depth)} deep`,
    () => `${'- '.repeat(depth)}deep`,
    () => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n'),
    () => `${'<div>'.repeat(depth)}deep${'</div>'.repeat(rng.int(0, depth))}`,
    () => `${'*'.repeat(depth)}deep${'*'.repeat(depth)}`,
    () => `${'['.repeat(depth)}deep${']'.repeat(depth)}`,
    () => `${':::note\n'.repeat(Math.min(depth, 50))}deep${'\n:::'.repeat(Math.min(depth, 50))}`,
  ])();
}

function longLine(rng: Rng): string {
  const length = rng.pick([5_000, 20_000, 100_000]);
  const unit = rng.pick(['word ', 'x', '*a', '[a](b) ', 'ü', '👍', 'a'.repeat(70) + ' ']);
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Now and then, bytes that are not UTF-8: a lone surrogate as WTF-8, a stray continuation byte, 0xFF. */
function withOddBytes(rng: Rng, bytes: Buffer): Buffer {
  if (!rng.chance(0.05)) return bytes;
  const at = rng.int(0, bytes.length);
  const odd = Buffer.from(rng.pick([[0xed, 0xa0, 0x80], [0x80], [0xff, 0xfe], [0xc3]]));
  return Buffer.concat([bytes.subarray(0, at), odd, bytes.subarray(at)]);
}
