// remark-rehype's handler for a footnote call, without its search of every earlier footnote.
//
// mdast-util-to-hast numbers a call by looking its footnote up in the list of footnotes called
// so far (`footnoteOrder.indexOf`), once per call: a page with 40,000 footnotes spent 5 s of its
// build there. This handler keeps each footnote's number in a Map beside that list and builds
// the same element (compare mdast-util-to-hast/lib/handlers/footnote-reference.js, which
// test/markdown/footnotes.test.ts checks it against).
import type { Element } from 'hast';
import type { FootnoteReference } from 'mdast';
import type { State } from 'mdast-util-to-hast';
import { normalizeUri } from 'micromark-util-sanitize-uri';

/** The number of each footnote already called, by upper-cased identifier, per conversion. */
const numbers = new WeakMap<State, Map<string, number>>();

export function footnoteReference(state: State, node: FootnoteReference): Element {
  const clobberPrefix = typeof state.options.clobberPrefix === 'string' ? state.options.clobberPrefix : 'user-content-';
  const id = String(node.identifier).toUpperCase();
  const safeId = normalizeUri(id.toLowerCase());
  let known = numbers.get(state);
  if (!known) numbers.set(state, (known = new Map()));
  let counter = known.get(id);
  if (counter === undefined) {
    state.footnoteOrder.push(id);
    counter = state.footnoteOrder.length;
    known.set(id, counter);
  }
  const reuseCounter = (state.footnoteCounts.get(id) ?? 0) + 1;
  state.footnoteCounts.set(id, reuseCounter);

  const link: Element = {
    type: 'element',
    tagName: 'a',
    properties: {
      href: `#${clobberPrefix}fn-${safeId}`,
      id: `${clobberPrefix}fnref-${safeId}${reuseCounter > 1 ? `-${reuseCounter}` : ''}`,
      dataFootnoteRef: true,
      ariaDescribedBy: ['footnote-label'],
    },
    children: [{ type: 'text', value: String(counter) }],
  };
  state.patch(node, link);
  const sup: Element = { type: 'element', tagName: 'sup', properties: {}, children: [link] };
  state.patch(node, sup);
  return state.applyData(node, sup);
}
