// Raw HTML in markdown needs a full parse5 pass over the page (hast-util-raw), the most
// expensive step of the pipeline. Most pages have none, so run it only when they do.
import type { Root } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { raw } from 'hast-util-raw';
import { walkType, EXIT } from '../walk.ts';

export const rehypeRawWhenNeeded: Plugin<[], Root> = () => (tree: Root, file: VFile) => {
  let found = false;
  walkType(tree, 'raw', () => {
    found = true;
    return EXIT;
  });
  return found ? (raw(tree, { file }) as Root) : tree;
};
