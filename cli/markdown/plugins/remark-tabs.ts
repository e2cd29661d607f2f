// Tabs and code groups, in the container syntax writers know from Docusaurus and VitePress:
//
//   :::tabs{groupId=platform}          :::code-group{groupId=client}
//   ::tab[iOS]                         ```bash title="curl"
//   Open **Settings**.                 ```
//   ::tab{label="Android"}             ```js [JavaScript]
//   Open the menu.                     ```
//   :::                                :::
//
// Each becomes <div class="tabs" data-group="…"> with one <div class="tabs__panel"> per tab,
// headed by a <p class="tabs__label">. That markup reads as labelled sections without
// JavaScript; rehype-tabs.ts adds the WAI-ARIA tab list after sanitizing, and
// client/features/chunks/tabs.ts makes it work. Tabs with the same groupId switch together.
import type { Root, RootContent, Parent, Paragraph, PhrasingContent, Code } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walk, SKIP } from '../walk.ts';
import type { MarkdownSite } from '../context.ts';
import { displayPath } from './remark-admonitions.ts';

interface Directive {
  type: 'containerDirective' | 'leafDirective' | 'textDirective';
  name: string;
  attributes?: Record<string, string | null | undefined> | null;
  children: RootContent[];
  position?: { start: { line: number; column: number } };
}

interface Tab {
  label: PhrasingContent[];
  children: RootContent[];
  /** Shown first ("::tab[Label]{default}", Docusaurus' <TabItem default>) instead of the first tab. */
  selected?: boolean;
}

export const remarkTabs: Plugin<[MarkdownSite], Root> = (site) => (tree: Root, file: VFile) => {
  const warn = (node: { position?: Directive['position'] }, message: string, hint: string) =>
    site.report({
      severity: 'warning',
      code: 'tabs',
      message,
      position: { file: displayPath(file), line: node.position?.start.line, column: node.position?.start.column },
      hint,
    });
  walk<Root | RootContent, Parent>(tree, (node, index, parent) => {
    const n = node as unknown as Directive;
    if (n.type === 'leafDirective' && n.name === 'tab' && parent && index !== undefined) {
      warn(n, '"::tab" outside a ":::tabs" block is shown as plain text', 'Put the tabs between ":::tabs" and ":::".');
      return undefined;
    }
    if (n.type !== 'containerDirective' || (n.name !== 'tabs' && n.name !== 'code-group')) return undefined;
    const tabs = n.name === 'tabs' ? splitTabs(n, warn) : codeTabs(n, warn);
    const group = groupOf(n);
    if (!tabs.length) {
      warn(n, `":::${n.name}" has no tabs: its content is shown as it is`, n.name === 'tabs' ? 'Start each tab with a line "::tab[Label]".' : 'Put fenced code blocks with a title="…" between ":::code-group" and ":::".');
      if (parent && index !== undefined) {
        parent.children.splice(index, 1, ...(n.children as typeof parent.children));
        return [SKIP, index];
      }
      return undefined;
    }
    Object.assign(node, {
      type: 'tabs',
      data: {
        hName: 'div',
        hProperties: { className: n.name === 'code-group' ? ['tabs', 'tabs--code'] : ['tabs'], ...(group ? { dataGroup: group } : {}) },
      },
      children: tabs.map((tab) => ({
        type: 'tabPanel',
        data: { hName: 'div', hProperties: { className: tab.selected ? ['tabs__panel', SELECTED_PANEL] : ['tabs__panel'] } },
        children: [{ type: 'paragraph', data: { hName: 'p', hProperties: { className: ['tabs__label'] } }, children: tab.label } as Paragraph, ...tab.children],
      })),
    });
    // Enter the panels: they may hold admonitions (and tabs inside tabs).
    return undefined;
  });
};

/** The class of the panel shown first when it is not the first one; rehype-tabs.ts reads it. */
export const SELECTED_PANEL = 'tabs__panel--default';

type Warn = (node: { position?: Directive['position'] }, message: string, hint: string) => void;

/** "::tab[Label]" (or ::tab{label="Label"}) lines split the block's content into tabs. */
function splitTabs(block: Directive, warn: Warn): Tab[] {
  const tabs: Tab[] = [];
  const before: RootContent[] = [];
  for (const child of block.children) {
    const d = child as unknown as Directive;
    if (d.type === 'leafDirective' && d.name === 'tab') {
      const label = d.children.length ? (d.children as PhrasingContent[]) : d.attributes?.label ? [{ type: 'text' as const, value: d.attributes.label }] : [];
      if (!label.length) warn(d, '"::tab" without a label', 'Name the tab: "::tab[iOS]" or "::tab{label="iOS"}".');
      tabs.push({ label: label.length ? label : [{ type: 'text', value: `Tab ${tabs.length + 1}` }], children: [], selected: d.attributes?.default !== undefined });
    } else if (tabs.length) tabs.at(-1)!.children.push(child);
    else before.push(child);
  }
  if (before.length && tabs.length) {
    warn(before[0] as Directive, 'content before the first "::tab" is put in the first tab', 'Start the block with a "::tab[Label]" line.');
    tabs[0]!.children.unshift(...before);
  }
  return tabs;
}

/** Each fenced code block is a tab, labelled by its title ("title=…" or VitePress's "[label]"). */
function codeTabs(block: Directive, warn: Warn): Tab[] {
  const tabs: Tab[] = [];
  const before: RootContent[] = [];
  for (const child of block.children) {
    if (child.type === 'code') tabs.push({ label: [{ type: 'text', value: takeLabel(child) }], children: [child] });
    else if (tabs.length) tabs.at(-1)!.children.push(child);
    else before.push(child);
  }
  if (before.length && tabs.length) {
    warn(before[0] as Directive, 'text before the first code block of a ":::code-group" is put in its first tab', 'Start the group with a fenced code block; text after a block stays in its tab.');
    tabs[0]!.children.unshift(...before);
  }
  return tabs;
}

/** The tab label of a code block, removed from its meta so the block has no title bar too. */
function takeLabel(code: Code): string {
  const meta = code.meta ?? '';
  const match = /(?:^|\s)(?:title=(?:"([^"]*)"|'([^']*)'|(\S+))|\[([^\]]+)\])/.exec(meta);
  code.meta = match ? (meta.slice(0, match.index) + meta.slice(match.index + match[0].length)).trim() || null : meta || null;
  const label = match ? (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim() : '';
  return label || code.lang || 'Code';
}

function groupOf(block: Directive): string | undefined {
  const value = block.attributes?.groupId ?? block.attributes?.group;
  return value ? value.trim() || undefined : undefined;
}
