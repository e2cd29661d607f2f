// :::note|tip|info|warning|danger [title] blocks (from remark-directive) and GitHub's
// "> [!NOTE]" alerts become <div class="admonition admonition-tip"> with a heading.
// Directives that are not admonitions go back to the text they were written as.
import type { Root, Blockquote, Text, PhrasingContent, RootContent, Parent } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walk, SKIP } from '../walk.ts';
import type { MarkdownSite } from '../context.ts';
import { paragraphAs, renderAs, splitLabel, type ContainerDirective, type LeafDirective, type TextDirective } from './directives.ts';

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

// Runs after every other directive plugin (./directives.ts says why): the directives left are
// admonitions, unknown containers (reported) and text that only looked like a directive.
export const remarkAdmonitions: Plugin<[MarkdownSite], Root> = (site) => (tree: Root, file: VFile) => {
  walk<Root | RootContent, Parent>(tree, (node, index, parent) => {
    if (node.type === 'containerDirective') {
      const type = node.name.toLowerCase();
      if ((ADMONITION_TYPES as readonly string[]).includes(type)) {
        const { label, body } = splitLabel(node);
        makeAdmonition(node, type === 'caution' ? 'warning' : type === 'important' ? 'info' : type, label ?? [text(DEFAULT_TITLES[type]!)], body);
        return;
      }
      reportUnknown(site, file, node);
      if (parent && index !== undefined) {
        parent.children.splice(index, 1, ...node.children);
        return [SKIP, index];
      }
    }
    if ((node.type === 'textDirective' || node.type === 'leafDirective') && parent && index !== undefined) {
      const replacement = asWritten(node);
      parent.children.splice(index, 1, ...(replacement as typeof parent.children));
      return [SKIP, index + replacement.length];
    }
    if (node.type === 'blockquote') convertAlert(node);
    return undefined;
  });
};

function reportUnknown(site: MarkdownSite, file: VFile, node: ContainerDirective): void {
  const where = node.position?.start;
  site.report({
    severity: 'warning',
    code: 'unknown-directive',
    message: `unknown block ":::${node.name}" shown as plain content`,
    position: { file: displayPath(file), line: where?.line, column: where?.column },
    hint: `Admonitions are ${ADMONITION_TYPES.slice(0, 5).join(', ')}.`,
  });
}

/** "10:30" or "Note:this" are text, not directives: what the writer typed, restored. */
function asWritten(node: TextDirective | LeafDirective): RootContent[] {
  const prefix = node.type === 'textDirective' ? ':' : '::';
  const restored: Text = { type: 'text', value: prefix + node.name };
  const kids = node.children;
  if (node.type === 'leafDirective') return [{ type: 'paragraph', children: [restored, ...kids] }];
  return [restored, ...(kids.length ? [text('['), ...kids, text(']')] : [])];
}

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
  makeAdmonition(quote, type, [text(name[0] + name.slice(1).toLowerCase())], children);
}

function makeAdmonition(node: ContainerDirective | Blockquote, type: string, title: PhrasingContent[], body: RootContent[]): void {
  renderAs(node, 'admonition', { hName: 'div', hProperties: { className: ['admonition', `admonition-${type}`] } }, [
    // An empty title (":::note[]", MkDocs' !!! note "") means a box without a heading.
    ...(title.length ? [paragraphAs({ hName: 'p', hProperties: { className: ['admonition-heading'] } }, title)] : []),
    { type: 'admonitionBody', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children: body },
  ]);
}

function text(value: string): Text {
  return { type: 'text', value };
}

export function displayPath(file: VFile): string {
  return (file.data as { displayPath?: string }).displayPath ?? file.path ?? '';
}
