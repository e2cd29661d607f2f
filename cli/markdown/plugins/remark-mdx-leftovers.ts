// Markdown copied from MDX sites carries component tags (<Tabs>, <TabItem value="a">) and
// import/export lines. They never crash the build: the tags are dropped (their content stays)
// and each component is reported once a page, at its first tag, with how many more the page has.
// (Components helpgen renders, <Tabs>, <Admonition>, <details>…, never get here:
// ../dialects/jsx-blocks.ts has rewritten them.)
import type { Root, Html, Paragraph, Text, RootContent, Parent } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { htmlTagNames } from 'html-tag-names';
import { walk, SKIP } from '../walk.ts';
import type { MarkdownSite, PageMarkdownData } from '../context.ts';
import { displayPath } from './remark-admonitions.ts';

const COMPONENT_TAG = /<\/?([A-Z][\w.]*)(?:\s[^<>]*?)?\/?>/g;
const MDX_STATEMENT = /^(?:import\s[\s\S]*?\sfrom\s+['"][^'"]+['"];?|export\s+(?:const|default|function)\s[\s\S]*)$/;

const HTML_TAG_NAMES = new Set(htmlTagNames);

/**
 * HTML tag names are case-insensitive: <DIV>, <B>, <KBD> written in capitals (old pages and
 * generators do) are HTML, not components. A component's name has lower-case letters (<Tabs>).
 */
function isUpperCaseHtml(name: string): boolean {
  return name === name.toUpperCase() && HTML_TAG_NAMES.has(name.toLowerCase());
}

interface Seen {
  line?: number;
  column?: number;
  count: number;
  statement?: string;
}

export const remarkMdxLeftovers: Plugin<[MarkdownSite], Root> = function (site) {
  return (tree: Root, file: VFile) => {
  const components = new Map<string, Seen>();
  let statements: Seen | undefined;
  const note = (seen: Seen | undefined, at: { position?: Html['position'] }): Seen => {
    if (seen) {
      seen.count++;
      return seen;
    }
    return { line: at.position?.start.line, column: at.position?.start.column, count: 1 };
  };
  walk<Root | RootContent, Parent>(tree, (node, index, parent) => {
    if (node.type === 'html') {
      const html = node as Html;
      const names = new Set<string>();
      const stripped = html.value.replace(COMPONENT_TAG, (tag, name: string) => {
        if (isUpperCaseHtml(name)) return tag;
        names.add(name);
        return '';
      });
      if (!names.size) return undefined;
      const data = (file.data as { markdown?: PageMarkdownData }).markdown;
      if (data) data.componentsDropped = true;
      for (const name of names) components.set(name, note(components.get(name), html));
      if (stripped.trim() === '' && parent && index !== undefined) {
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
      // A component around markdown (<Warning>\n*bar*\n</Warning>) made an HTML block of it,
      // whose text would show as written, stars and all: read it as the markdown MDX reads.
      if (parent && index !== undefined && parent.type !== 'paragraph' && /[^\s<>]/.test(stripped.replace(/<[^>]*>/g, ''))) {
        // Indented under the component (<TabItem>\n    ```js), as MDX reads it: not a code block.
        const children = (this.parse(dedent(stripped)) as Root).children;
        shiftPositions(children, html);
        parent.children.splice(index, 1, ...(children as typeof parent.children));
        return [SKIP, index + children.length];
      }
      html.value = stripped;
      return undefined;
    }
    if (node.type === 'paragraph' && parent?.type === 'root' && index !== undefined) {
      const paragraph = node as Paragraph;
      const only = paragraph.children.length === 1 ? (paragraph.children[0] as Text) : undefined;
      if (only?.type === 'text' && MDX_STATEMENT.test(only.value.trim())) {
        statements = note(statements, paragraph);
        statements.statement ??= only.value.trim().split(/\s+/).slice(0, 2).join(' ');
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
    }
    return undefined;
  });
  const more = (seen: Seen) => (seen.count > 1 ? ` (and ${seen.count - 1} more on this page)` : '');
  for (const [name, seen] of components) {
    site.report({
      severity: 'warning',
      code: 'unknown-component',
      message: `unknown component <${name}> dropped (its content is kept)${more(seen)}`,
      position: { file: displayPath(file), line: seen.line, column: seen.column },
      hint: /^Tab/.test(name)
        ? 'Write tabs in markdown: ":::tabs{groupId=…}" with a "::tab[Label]" line before each tab, then ":::".'
        : 'helpgen renders plain markdown: replace the component with markdown, or an admonition (:::tip).',
    });
  }
  if (statements) {
    site.report({
      severity: 'warning',
      code: 'mdx-statement',
      message: `MDX "${statements.statement} …" statement dropped${more(statements)}`,
      position: { file: displayPath(file), line: statements.line, column: statements.column },
      hint: 'import and export lines only work in MDX; remove them from markdown pages.',
    });
  }
  };
};

/** Positions of markdown read from an HTML block's text, moved to where that block is in the page. */
function shiftPositions(nodes: RootContent[], block: Html): void {
  const start = block.position?.start;
  if (!start) return;
  walk<Root | RootContent, Parent>({ type: 'root', children: nodes }, (node) => {
    const position = node.position;
    if (!position) return undefined;
    for (const point of [position.start, position.end]) {
      point.line += start.line - 1;
      if (point.offset !== undefined && start.offset !== undefined) point.offset += start.offset;
    }
    return undefined;
  });
}

/** Text with the indentation all its lines share removed. */
function dedent(text: string): string {
  const lines = text.split('\n');
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0].length);
  const common = indents.length ? Math.min(...indents) : 0;
  return common ? lines.map((line) => line.slice(Math.min(common, /^[ \t]*/.exec(line)![0].length))).join('\n') : text;
}
