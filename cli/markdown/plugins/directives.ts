// What the directive plugins share: remark-directive's node types (mdast-util-directive's
// ContainerDirective ":::name", LeafDirective "::name", TextDirective ":name"), a container's
// label, and turning a directive into the node it becomes.
//
// Adding a directive (CONTRIBUTING.md, "A new directive", has the whole example):
// - Order. Its plugin goes in cli/markdown/pipeline.ts after remarkDirective and BEFORE
//   remarkAdmonitions: remark-admonitions.ts reports every container directive it does not know
//   as `unknown-directive` and turns every leaf and text directive left back into the text it
//   was written as ("10:30" is a time, not a directive). So a directive plugin must change the
//   node's type (renderAs below), or remark-admonitions will undo it. It also goes after
//   remarkSourcePositions, so the positions it reports are the lines the writer wrote.
// - Sanitizer. Every element and attribute the directive produces must be in `sanitizeSchema`
//   (cli/markdown/pipeline.ts: `tagNames`, and `attributes` by hast property name, such as
//   `dataGroup`), or rehype-sanitize drops it and rehype-unknown-elements.ts warns. Classes are
//   allowed on every element. An element added to the list gets a case in cli/markdown/sanitize.test.ts.
import type { Data, Paragraph, PhrasingContent, RootContent } from 'mdast';
import type { ContainerDirective, Directives, LeafDirective, TextDirective } from 'mdast-util-directive';

export type { ContainerDirective, LeafDirective, TextDirective };

/** How a node of our own renders: the element mdast-util-to-hast makes of it. */
export interface ElementData extends Data {
  hName: string;
}

/**
 * A container's label and the rest of its content: ":::details[Summary]" holds "Summary" as its
 * first child, a paragraph marked `directiveLabel`. `label` is undefined when there is none, and
 * empty for ":::note[]".
 */
export function splitLabel(node: ContainerDirective): { label?: PhrasingContent[]; body: ContainerDirective['children'] } {
  const first = node.children[0];
  if (first?.type === 'paragraph' && first.data?.directiveLabel) return { label: first.children, body: node.children.slice(1) };
  return { body: node.children };
}

/**
 * Turns a directive (or a node a directive plugin rewrites, such as a GitHub alert's blockquote)
 * into a node of a type of our own, which renders as `data` says. Its new type is also what keeps
 * remark-admonitions.ts from reporting it or turning it back into text.
 */
export function renderAs(node: Directives | RootContent, type: string, data: ElementData, children: (RootContent | OwnNode)[]): void {
  Object.assign(node, { type, data, children });
}

/** A node of a type of our own inside one made by renderAs (an admonition's body, a tab panel). */
export interface OwnNode {
  type: string;
  data: ElementData;
  children: (RootContent | OwnNode)[];
}

/** A paragraph that renders as another element (a <summary>, a tab's label). */
export function paragraphAs(data: ElementData, children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', data, children };
}
