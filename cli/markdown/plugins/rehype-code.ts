// Turns fenced code into highlighted blocks with an optional title and a copy button.
// Fence meta: ```ts title="help.config.ts" {2,4-6} showLineNumbers
// The highlighting itself may run on another thread, so this plugin leaves a placeholder
// comment where each <pre> goes and hands the page a promise of its HTML (see PendingCode).
import type { Root, Element, ElementContent } from 'hast';
import type { Root as MdastRoot, Code } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walkElements, walkType, SKIP } from '../walk.ts';
import { toString } from 'hast-util-to-string';
import { HelpgenError } from '../../diagnostics/errors.ts';
import type { CodeHighlighter } from '../highlight/highlighter.ts';

const ALIASES: Record<string, string> = { sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', js: 'javascript', ts: 'typescript', yml: 'yaml', md: 'markdown', jsonc: 'json' };

/**
 * A page's code blocks while they are being highlighted: the page HTML holds
 * `<!--helpgen-code-N-->` for block N. Sanitizing drops every comment the markdown itself
 * had, and text is escaped, so no page can contain that marker by accident.
 */
export interface PendingCode {
  blocks: Promise<string>[];
}

export function fillCode(html: string, blocks: string[]): string {
  return html.replace(/<!--helpgen-code-(\d+)-->/g, (_, index: string) => blocks[Number(index)]!);
}

export interface CodeMeta {
  title?: string;
  highlight: Set<number>;
  showLineNumbers: boolean;
}

/** Reads a fence's meta; line ranges are kept within the block's `lineCount` lines ({1-99999999} marks them all). */
export function parseCodeMeta(meta: string | undefined, lineCount: number): CodeMeta {
  const result: CodeMeta = { highlight: new Set(), showLineNumbers: false };
  if (!meta) return result;
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) result.title = title[1] ?? title[2] ?? title[3];
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  if (ranges) {
    for (const part of ranges[1]!.split(',')) {
      const [from, to] = part.trim().split('-').map(Number);
      if (!from) continue;
      const last = Math.min(to || from, lineCount);
      for (let line = from; line <= last; line++) result.highlight.add(line);
    }
  }
  result.showLineNumbers = /\bshowLineNumbers\b/.test(meta);
  return result;
}

/** Fence meta ("title=… {1,3}") would be lost by the raw-HTML pass; carry it as data-meta. */
export const remarkCodeMeta: Plugin<[], MdastRoot> = () => (tree) => {
  walkType<Code>(tree, 'code', (node) => {
    if (!node.meta) return;
    node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), dataMeta: node.meta } };
  });
};

export const rehypeCode: Plugin<[CodeHighlighter], Root> = (highlighter) => (tree, file: VFile) => {
  const pending: PendingCode = { blocks: [] };
  (file.data as { code?: PendingCode }).code = pending;
  walkElements<Element>(tree, (node) => {
    if (node.tagName !== 'pre') return;
    const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    if (!code) return;
    const cls = (code.properties.className as string[] | undefined) ?? [];
    const langClass = cls.find((c) => c.startsWith('language-'));
    const raw = langClass ? langClass.slice('language-'.length).toLowerCase() : '';
    const lang = ALIASES[raw] ?? raw;
    const text = toString(code).replace(/\n$/, '');
    const meta = parseCodeMeta(typeof code.properties.dataMeta === 'string' ? code.properties.dataMeta : undefined, text.split('\n').length);
    const placeholder = pending.blocks.length;
    const at = { file: file.path, line: node.position?.start.line, column: node.position?.start.column };
    pending.blocks.push(
      highlighter.highlight({ code: text, lang, highlight: [...meta.highlight], showLineNumbers: meta.showLineNumbers }).catch((error: unknown) => {
        throw new HelpgenError(`could not highlight this code block: ${error instanceof Error ? error.message : String(error)}`, {
          position: at,
          hint: 'This is a bug in helpgen: please report it with the code block. Removing the fence\'s language makes it plain text meanwhile.',
          cause: error,
        });
      }),
    );

    const children: ElementContent[] = [];
    if (meta.title) {
      children.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: meta.title }] });
    }
    children.push({ type: 'comment', value: `helpgen-code-${placeholder}` });
    children.push(codeButtons());
    const wrapper: Element = {
      type: 'element',
      tagName: 'div',
      properties: { className: ['code-block', `language-${lang || 'text'}`] },
      children,
    };
    Object.assign(node, wrapper);
    return SKIP;
  });
};

/** Word wrap (a toggle, for long lines on a narrow screen) and Copy, as Docusaurus's code blocks have; client/shell/code-blocks.ts wires them. */
function codeButtons(): Element {
  const button = (className: string, label: string, text: string, pressed?: boolean): Element => ({
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: [className], ariaLabel: label, title: text, ...(pressed === undefined ? {} : { ariaPressed: String(pressed) }) },
    children: [{ type: 'text', value: text }],
  });
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['code-buttons'] },
    children: [button('wrap-button', 'Toggle word wrap', 'Wrap', false), button('copy-button', 'Copy code to clipboard', 'Copy')],
  };
}
