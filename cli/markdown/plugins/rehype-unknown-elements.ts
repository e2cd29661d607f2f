// Runs on raw HTML before sanitizing: reports every element the sanitizer is about to drop
// (unknown tags, <script>, <style>, <iframe>), with file:line, so nothing disappears silently,
// and makes sure nothing the sanitizer drops leaks its source into the page as prose:
// - elements whose content is code or metadata (<style>'s CSS, <script>, <title>, <template>)
//   are removed whole (sanitizeSchema.strip lists them: REMOVED_WHOLE);
// - elements whose content is text meant to be read as written (<textarea>, <xmp>, <plaintext>)
//   become a <pre> holding that text, escaped, as a browser would show it. (Not <listing>: HTML
//   parses what it holds as markup, and mdBook's <Listing> wrapper is read as that element.)
import type { Root, Element } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { toString } from 'hast-util-to-string';
import { walkElements } from '../walk.ts';
import type { MarkdownSite } from '../context.ts';
import { displayPath } from './remark-admonitions.ts';

/** Removed with everything inside them: what they hold is never prose. */
export const REMOVED_WHOLE = ['script', 'style', 'title', 'template', 'iframe', 'noscript', 'head', 'frameset', 'noframes'];
/** Shown as the text they hold, as written: the reader was meant to see it. */
const SHOWN_AS_TEXT = new Set(['textarea', 'xmp', 'plaintext']);
const DANGEROUS = new Set(['script', 'style', 'iframe']);

export const rehypeUnknownElements: Plugin<[MarkdownSite, Set<string>], Root> = (site, allowed) => (tree: Root, file: VFile) => {
  walkElements<Element>(tree, (node) => {
    if (allowed.has(node.tagName)) return;
    const tag = node.tagName;
    const position = { file: displayPath(file), line: node.position?.start.line, column: node.position?.start.column };
    if (SHOWN_AS_TEXT.has(tag)) {
      const text = toString(node);
      node.tagName = 'pre';
      node.properties = {};
      node.children = [{ type: 'text', value: text }];
      site.report({
        severity: 'warning',
        code: 'unknown-element',
        message: `<${tag}> shown as preformatted text, as written`,
        position,
        hint: tag === 'textarea' ? 'Pages have no form fields. To show sample text, use a fenced code block (```).' : `<${tag}> is obsolete HTML: use a fenced code block (\`\`\`) instead.`,
      });
      return;
    }
    if (DANGEROUS.has(tag)) {
      site.report({
        severity: 'warning',
        code: 'unsafe-html',
        message: `raw <${tag}> removed with its content: ${tag === 'style' ? 'a page may not restyle the site' : 'pages may not run scripts or embed frames'}`,
        position,
        hint: tag === 'style' ? 'Pages share the site\'s styles; remove the <style> block, or give elements a class (class="…") the site styles.' : undefined,
      });
      return;
    }
    site.report({
      severity: 'warning',
      code: 'unknown-element',
      message: REMOVED_WHOLE.includes(tag) ? `HTML element <${tag}> removed with its content` : `unknown HTML element <${tag}> dropped (its content is kept)`,
      position,
    });
  });
};
