// SVG files that pages link or embed are published sanitized: a browser that opens an SVG
// directly runs its <script>, its event handlers and the HTML inside <foreignObject> on the
// help site's origin, where they could read the reader's storage and make same-origin
// requests. DOMPurify (on jsdom, the DOM its authors test it with) keeps what draws and drops
// what runs; the hooks below also drop every reference to another file or site (an external
// href or xlink:href, <use> of another file, url(…) in styles), which would load it when the
// picture is opened directly. jsdom is loaded on the first SVG only: most builds have none.
import type { DOMPurify as Purifier } from 'dompurify';
import type { DomNode } from 'jsdom';

export interface SanitizedSvg {
  /** The picture as published: well-formed XML, UTF-8. */
  svg: string;
  /** Whether the sanitized picture still has an <svg> root (false: the file was not an SVG). */
  drawable: boolean;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Pictures a browser may show inline in an <image>: raster formats, which cannot run anything. */
const INLINE_PICTURE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;
/** url(…), image-set(…), src(…) and @import in CSS: each may load another file. */
const CSS_LOAD = /url\s*\(|image-set\s*\(|src\s*\(|@import/gi;
/** A url() of this document's own ids, the only one kept. */
const LOCAL_URL = /url\s*\(\s*(['"]?)#[^'")\s]*\1\s*\)/gi;

interface Purifying {
  purify: Purifier;
  serialize: (node: DomNode) => string;
}

let purifier: Promise<Purifying> | undefined;

/** Sanitizes the text of an SVG file. */
export async function sanitizeSvg(text: string): Promise<SanitizedSvg> {
  const { purify, serialize } = await (purifier ??= createPurifier());
  const body = purify.sanitize(text.replace(/^\uFEFF/, ''), {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> of an element of the same picture draws icons and repeated shapes; the hook
    // below removes every <use> (and every href) that points anywhere else.
    ADD_TAGS: ['use'],
    // role="img" (with aria-label or <title>) is how a picture tells screen readers what it is.
    ADD_ATTR: ['role'],
    RETURN_DOM: true,
  }) as unknown as DomNode;
  const root = [...body.children].find((child) => child.namespaceURI === SVG_NS && child.localName === 'svg');
  if (!root) return { svg: `<svg xmlns="${SVG_NS}"/>\n`, drawable: false };
  return { svg: `${serialize(root)}\n`, drawable: true };
}

async function createPurifier(): Promise<Purifying> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    if (name === 'href' || name === 'xlink:href') {
      const value = data.attrValue.trim();
      const keep = value.startsWith('#') || (node.localName === 'image' && INLINE_PICTURE.test(value));
      if (!keep) data.keepAttr = false;
    } else if (loadsFromCss(data.attrValue)) {
      // A presentation attribute (fill="url(https://…)") or a style attribute.
      data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // A <use> left without a reference to this picture would draw nothing; drop it.
    if (node.localName === 'use' && !node.hasAttribute('href') && !node.hasAttribute('xlink:href')) node.remove();
  });
  purify.addHook('afterSanitizeElements', (node) => {
    if (node.nodeType === 1 && (node as unknown as DomNode).localName === 'style' && loadsFromCss(node.textContent ?? '')) node.remove();
  });
  const serializer = new window.XMLSerializer();
  return { purify, serialize: (node) => serializer.serializeToString(node) };
}

/**
 * Whether CSS text may load another file: any url() but one of the picture's own ids, or
 * image-set(), src(), @import. CSS escapes (`u\72l(`) spell the same functions, so CSS with
 * a backslash counts as loading too: drawings written by editors never have one.
 */
function loadsFromCss(css: string): boolean {
  if (css.includes('\\')) return true;
  return css.replace(LOCAL_URL, '').search(CSS_LOAD) !== -1;
}
