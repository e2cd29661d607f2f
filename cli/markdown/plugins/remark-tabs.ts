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
import type { Root, RootContent, Parent, PhrasingContent, Code } from 'mdast';
import type { Position } from 'unist';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walk, SKIP } from '../walk.ts';
import type { MarkdownSite } from '../context.ts';
import { displayPath } from './remark-admonitions.ts';
import { paragraphAs, renderAs, type ContainerDirective } from './directives.ts';

interface Tab {
  label: PhrasingContent[];
  children: RootContent[];
  /** Shown first ("::tab[Label]{default}", Docusaurus' <TabItem default>) instead of the first tab. */
  selected?: boolean;
}

export const remarkTabs: Plugin<[MarkdownSite], Root> = (site) => (tree: Root, file: VFile) => {
  const warn: Warn = (node, message, hint) =>
    site.report({
      severity: 'warning',
      code: 'tabs',
      message,
      position: { file: displayPath(file), line: node.position?.start.line, column: node.position?.start.column },
      hint,
    });
  walk<Root | RootContent, Parent>(tree, (node, index, parent) => {
    if (node.type === 'leafDirective' && node.name === 'tab' && parent && index !== undefined) {
      warn(node, '"::tab" outside a ":::tabs" block is shown as plain text', 'Put the tabs between ":::tabs" and ":::".');
      return undefined;
    }
    if (node.type !== 'containerDirective' || (node.name !== 'tabs' && node.name !== 'code-group')) return undefined;
    const tabs = node.name === 'tabs' ? splitTabs(node, warn) : codeTabs(node, warn);
    const group = groupOf(node);
    if (!tabs.length) {
      warn(node, `":::${node.name}" has no tabs: its content is shown as it is`, node.name === 'tabs' ? 'Start each tab with a line "::tab[Label]".' : 'Put fenced code blocks with a title="…" between ":::code-group" and ":::".');
      if (parent && index !== undefined) {
        parent.children.splice(index, 1, ...node.children);
        return [SKIP, index];
      }
      return undefined;
    }
    const className = node.name === 'code-group' ? ['tabs', 'tabs--code'] : ['tabs'];
    renderAs(
      node,
      'tabs',
      { hName: 'div', hProperties: { className, ...(group ? { dataGroup: group } : {}) } },
      tabs.map((tab) => ({
        type: 'tabPanel',
        data: { hName: 'div', hProperties: { className: tab.selected ? ['tabs__panel', SELECTED_PANEL] : ['tabs__panel'] } },
        children: [paragraphAs({ hName: 'p', hProperties: { className: ['tabs__label'] } }, tab.label), ...tab.children],
      })),
    );
    // Enter the panels: they may hold admonitions (and tabs inside tabs).
    return undefined;
  });
};

/** The class of the panel shown first when it is not the first one; rehype-tabs.ts reads it. */
export const SELECTED_PANEL = 'tabs__panel--default';

type Warn = (node: { position?: Position }, message: string, hint: string) => void;

/** "::tab[Label]" (or ::tab{label="Label"}) lines split the block's content into tabs. */
function splitTabs(block: ContainerDirective, warn: Warn): Tab[] {
  const tabs: Tab[] = [];
  const before: RootContent[] = [];
  for (const child of block.children) {
    if (child.type === 'leafDirective' && child.name === 'tab') {
      const label: PhrasingContent[] = child.children.length ? child.children : child.attributes?.label ? [{ type: 'text', value: child.attributes.label }] : [];
      if (!label.length) warn(child, '"::tab" without a label', 'Name the tab: "::tab[iOS]" or "::tab{label="iOS"}".');
      tabs.push({ label: label.length ? label : [{ type: 'text', value: `Tab ${tabs.length + 1}` }], children: [], selected: child.attributes?.default !== undefined });
    } else if (tabs.length) tabs.at(-1)!.children.push(child);
    else before.push(child);
  }
  if (before.length && tabs.length) {
    warn(before[0]!, 'content before the first "::tab" is put in the first tab', 'Start the block with a "::tab[Label]" line.');
    tabs[0]!.children.unshift(...before);
  }
  return tabs;
}

/** Each fenced code block is a tab, labelled by its title ("title=…" or VitePress's "[label]"). */
function codeTabs(block: ContainerDirective, warn: Warn): Tab[] {
  const tabs: Tab[] = [];
  const before: RootContent[] = [];
  for (const child of block.children) {
    if (child.type === 'code') tabs.push({ label: [{ type: 'text', value: takeLabel(child) }], children: [child] });
    else if (tabs.length) tabs.at(-1)!.children.push(child);
    else before.push(child);
  }
  if (before.length && tabs.length) {
    warn(before[0]!, 'text before the first code block of a ":::code-group" is put in its first tab', 'Start the group with a fenced code block; text after a block stays in its tab.');
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

function groupOf(block: ContainerDirective): string | undefined {
  const value = block.attributes?.groupId ?? block.attributes?.group;
  return value ? value.trim() || undefined : undefined;
}
