// Light and dark variants of one image, marked the way GitHub READMEs mark them:
//   ![Record view](record-light.png#gh-light-mode-only)
//   ![Record view](record-dark.png#gh-dark-mode-only)
// ("#light-mode-only" and "#dark-mode-only" work too). The fragment is dropped from the address
// and the image gets a class that shows it only in that colour mode (47-page-extras.css); the
// hidden one is lazy, so the browser never downloads it.
// A page with any image notes the feature that loads the zoom code (client/features/chunks/zoom.ts, for
// every image of the page body), so a build whose pages have none leaves it out.
import type { Root, Element } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walkElements } from '../walk.ts';
import { addClientFeatures, type PageMarkdownData } from '../context.ts';

/** The feature that gates client/features/chunks/zoom.ts (../../render/chunk-gates.ts). */
export const IMAGE_ZOOM = 'image-zoom';

const VARIANT = /#(?:gh-)?(light|dark)-mode-only$/;

export const rehypeImages: Plugin<[], Root> = () => (tree: Root, file: VFile) => {
  const data = (file.data as { markdown?: PageMarkdownData }).markdown;
  walkElements<Element>(tree, (node) => {
    if (node.tagName !== 'img') return;
    if (data && !data.clientFeatures?.includes(IMAGE_ZOOM)) addClientFeatures(data, [IMAGE_ZOOM]);
    if (typeof node.properties.src !== 'string') return;
    const match = VARIANT.exec(node.properties.src);
    if (!match) return;
    node.properties.src = node.properties.src.slice(0, match.index);
    const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
    node.properties.className = [...classes, `img--${match[1]}-only`];
    node.properties.loading = 'lazy';
  });
};
