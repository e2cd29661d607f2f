// Runs remark-gfm's autolink-literal pass only on the blocks that can hold a bare URL or email.
//
// remark-gfm turns `www.example.com`, `https://…` and `name@example.com` written as plain text
// into links with a tree transform (mdast-util-gfm-autolink-literal). That transform walks
// every node of the page four times, once per pattern, with unist-util-visit-parents, which
// allocates a closure and an ancestors array per node: a CPU profile of a cold build of our
// site put it at 0.3–0.45 s, the largest single cost after micromark itself. Most blocks
// have no text that any of the four patterns could match.
//
// The transform decides each text node from the node's own value and whether it sits inside
// a link, so running it on each top-level block that has a candidate text node gives the same
// tree as running it on the whole page. This plugin wraps the transform that remark-gfm
// registered; if a later remark-gfm registers it differently, nothing is wrapped and the
// original runs as before.
import type { Processor } from 'unified';
import type { Root, RootContent } from 'mdast';

/** Every match of the four patterns contains one of these: `http://`, `https://`, `www.` or `@`. */
const CANDIDATE = /https?:\/\/|www\.|@/i;

// biome-ignore lint/suspicious/noConfusingVoidType: unified's transformer type, which may return nothing
type Transform = (tree: Root) => Root | undefined | void;
interface FromMarkdownExtension {
  enter?: Record<string, unknown>;
  transforms?: Transform[];
}

export function remarkAutolinksWhereNeeded(this: Processor): void {
  const extensions = (this.data() as { fromMarkdownExtensions?: unknown[] }).fromMarkdownExtensions ?? [];
  for (const extension of flatten(extensions)) {
    // The autolink-literal extension is the one that handles `literalAutolink` tokens.
    if (!extension.enter || !('literalAutolink' in extension.enter) || !extension.transforms) continue;
    extension.transforms = extension.transforms.map(scopeToCandidates);
  }
}

function scopeToCandidates(transform: Transform): Transform {
  return (tree) => {
    for (const block of tree.children) {
      // The transform only replaces nodes inside its tree, so giving it one block leaves the
      // block itself in place in the page.
      if (hasCandidateText(block)) transform(block as unknown as Root);
    }
    return tree;
  };
}

function hasCandidateText(node: RootContent): boolean {
  if (node.type === 'text') return CANDIDATE.test(node.value);
  if (node.type === 'link' || node.type === 'linkReference' || !('children' in node)) return false;
  for (const child of node.children as RootContent[]) if (hasCandidateText(child)) return true;
  return false;
}

function flatten(list: unknown[]): FromMarkdownExtension[] {
  return list.flatMap((item) => (Array.isArray(item) ? flatten(item) : item && typeof item === 'object' ? [item as FromMarkdownExtension] : []));
}
