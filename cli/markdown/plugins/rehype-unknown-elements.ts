// Runs on raw HTML before sanitizing: reports every element the sanitizer is about to drop
// (unknown tags, <script>, <style>, <iframe>), with file:line, so nothing disappears silently.
import type { Root, Element } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walkElements } from '../walk.ts';
import type { MarkdownSite } from '../context.ts';
import { displayPath } from './remark-admonitions.ts';

export const rehypeUnknownElements: Plugin<[MarkdownSite, Set<string>], Root> = (site, allowed) => (tree: Root, file: VFile) => {
  walkElements<Element>(tree, (node) => {
    if (allowed.has(node.tagName)) return;
    const dangerous = node.tagName === 'script' || node.tagName === 'style' || node.tagName === 'iframe';
    site.report({
      severity: 'warning',
      code: dangerous ? 'unsafe-html' : 'unknown-element',
      message: dangerous
        ? `raw <${node.tagName}> removed: pages may not run scripts or embed frames`
        : `unknown HTML element <${node.tagName}> dropped (its content is kept)`,
      position: { file: displayPath(file), line: node.position?.start.line, column: node.position?.start.column },
    });
  });
};
