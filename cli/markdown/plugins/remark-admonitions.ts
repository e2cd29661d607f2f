// :::note|tip|info|warning|danger [title] blocks (from remark-directive) and GitHub's
// "> [!NOTE]" alerts become <div class="admonition admonition-tip"> with a heading.
// Directives that are not admonitions go back to the text they were written as.
import type { Root, Paragraph, Blockquote, Text, PhrasingContent, RootContent, Parent } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walk, SKIP } from '../walk.ts';
import type { MarkdownSite } from '../context.ts';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important'] as const;
const DEFAULT_TITLES: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Warning',
  danger: 'Danger',
  important: 'Important',
};
/** GitHub alert names mapped to our admonition types. */
const ALERTS: Record<string, string> = { NOTE: 'note', TIP: 'tip', IMPORTANT: 'info', WARNING: 'warning', CAUTION: 'danger' };

interface DirectiveNode {
  type: 'containerDirective' | 'leafDirective' | 'textDirective';
  name: string;
  attributes?: Record<string, string | null | undefined> | null;
  children: RootContent[];
  data?: Record<string, unknown>;
  position?: { start: { line: number; column: number } };
}

export const remarkAdmonitions: Plugin<[MarkdownSite], Root> = (site) => (tree: Root, file: VFile) => {
  walk<Root | RootContent, Parent>(tree, (node, index, parent) => {
    const n = node as unknown as DirectiveNode;
    if (n.type === 'containerDirective') {
      const type = n.name.toLowerCase();
      if ((ADMONITION_TYPES as readonly string[]).includes(type)) {
        const children = [...n.children];
        let title: PhrasingContent[] | undefined;
        const first = children[0] as Paragraph & { data?: { directiveLabel?: boolean } };
        if (first?.type === 'paragraph' && first.data?.directiveLabel) {
          title = first.children;
          children.shift();
        }
        makeAdmonition(n as unknown as Record<string, unknown>, type === 'caution' ? 'warning' : type === 'important' ? 'info' : type, title ?? [text(DEFAULT_TITLES[type]!)], children);
        return;
      }
      const where = n.position?.start;
      site.report({
        severity: 'warning',
        code: 'unknown-directive',
        message: `unknown block ":::${n.name}" shown as plain content`,
        position: { file: displayPath(file), line: where?.line, column: where?.column },
        hint: `Admonitions are ${ADMONITION_TYPES.slice(0, 5).join(', ')}.`,
      });
      if (parent && index !== undefined) {
        parent.children.splice(index, 1, ...(n.children as typeof parent.children));
        return [SKIP, index];
      }
    }
    if ((n.type === 'textDirective' || n.type === 'leafDirective') && parent && index !== undefined) {
      // "10:30" or "Note:this" are text, not directives: restore what the writer typed.
      const prefix = n.type === 'textDirective' ? ':' : '::';
      const restored: Text = { type: 'text', value: prefix + n.name };
      const kids = n.children as PhrasingContent[];
      const replacement =
        n.type === 'leafDirective'
          ? [{ type: 'paragraph', children: [restored, ...kids] } as Paragraph]
          : [restored, ...(kids.length ? [text('['), ...kids, text(']')] : [])];
      parent.children.splice(index, 1, ...(replacement as typeof parent.children));
      return [SKIP, index + replacement.length];
    }
    if (n.type === ('blockquote' as string)) {
      convertAlert(node as Blockquote);
    }
    return undefined;
  });
};

function convertAlert(quote: Blockquote): void {
  const first = quote.children[0];
  if (first?.type !== 'paragraph') return;
  const lead = first.children[0];
  if (lead?.type !== 'text') return;
  const match = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/.exec(lead.value);
  if (!match) return;
  const type = ALERTS[match[1]!]!;
  lead.value = lead.value.slice(match[0].length);
  if (!lead.value) first.children.shift();
  const children = first.children.length ? quote.children : quote.children.slice(1);
  const name = match[1]!;
  makeAdmonition(quote as unknown as Record<string, unknown>, type, [text(name[0] + name.slice(1).toLowerCase())], children);
}

function makeAdmonition(node: Record<string, unknown>, type: string, title: PhrasingContent[], body: RootContent[]): void {
  node.type = 'admonition';
  node.data = {
    hName: 'div',
    hProperties: { className: ['admonition', `admonition-${type}`] },
  };
  node.children = [
    // An empty title (":::note[]", MkDocs' !!! note "") means a box without a heading.
    ...(title.length
      ? [
          {
            type: 'paragraph',
            data: { hName: 'p', hProperties: { className: ['admonition-heading'] } },
            children: title,
          },
        ]
      : []),
    {
      type: 'admonitionBody',
      data: { hName: 'div', hProperties: { className: ['admonition-content'] } },
      children: body,
    },
  ];
}

function text(value: string): Text {
  return { type: 'text', value };
}

export function displayPath(file: VFile): string {
  return (file.data as { displayPath?: string }).displayPath ?? file.path ?? '';
}
