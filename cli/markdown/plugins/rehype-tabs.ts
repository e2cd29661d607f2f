// Adds the WAI-ARIA tabs structure to the tab blocks of remark-tabs.ts: a tab list of buttons
// before the panels, ids that tie each tab to its panel, and every panel but the first (or the "default" one) hidden.
// It runs after sanitizing, which would strip these roles and ids from writers' HTML.
// Without JavaScript the stylesheet hides the tab list and shows every panel with its label
// (html:not(.js)); client/features/chunks/tabs.ts handles clicks, arrow keys and syncing. The browser
// loads that code for any element of class "tabs" (writers' HTML too), so the page notes the
// feature for each, and a build whose pages have none leaves the code out.
import type { Root, Element, ElementContent } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { toString } from 'hast-util-to-string';
import { walkElements } from '../walk.ts';
import { addClientFeatures, type PageMarkdownData } from '../context.ts';
import { SELECTED_PANEL } from './remark-tabs.ts';

/** The feature that gates client/features/chunks/tabs.ts (../../render/chunk-gates.ts). */
export const TABS = 'tabs';

const hasClass = (node: ElementContent, name: string): node is Element =>
  node.type === 'element' && Array.isArray(node.properties.className) && node.properties.className.includes(name);

export const rehypeTabs: Plugin<[], Root> = () => (tree: Root, file: VFile) => {
  const data = (file.data as { markdown?: PageMarkdownData }).markdown;
  const taken = data?.anchors ?? new Set<string>();
  let count = 0;
  walkElements<Element>(tree, (node) => {
    if (!hasClass(node, 'tabs')) return;
    if (data && !data.clientFeatures?.includes(TABS)) addClientFeatures(data, [TABS]);
    if (node.tagName !== 'div') return;
    const panels = node.children.filter((child): child is Element => hasClass(child, 'tabs__panel'));
    if (!panels.length || panels.some((panel) => !panel.children.some((c) => hasClass(c, 'tabs__label')))) return;
    const first = Math.max(0, panels.findIndex((panel) => hasClass(panel, SELECTED_PANEL)));
    let prefix: string;
    do prefix = `tabs-${++count}`;
    while (taken.has(`${prefix}-tab-1`) || taken.has(`${prefix}-panel-1`));
    const buttons = panels.map((panel, i): Element => {
      const label = panel.children.find((c) => hasClass(c, 'tabs__label')) as Element;
      const tabId = `${prefix}-tab-${i + 1}`;
      const panelId = `${prefix}-panel-${i + 1}`;
      Object.assign(panel.properties, { id: panelId, role: 'tabpanel', ariaLabelledBy: tabId, tabIndex: 0, hidden: i !== first });
      return {
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: ['tabs__tab'], role: 'tab', id: tabId, ariaSelected: i === first ? 'true' : 'false', ariaControls: [panelId], tabIndex: i === first ? 0 : -1 },
        // Plain text: a link or button inside a tab would be a control inside a control.
        children: [{ type: 'text', value: toString(label).trim() }],
      };
    });
    node.children.unshift({ type: 'element', tagName: 'div', properties: { className: ['tabs__list'], role: 'tablist' }, children: buttons });
  });
};
