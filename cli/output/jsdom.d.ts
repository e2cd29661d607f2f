// The little of jsdom that the SVG sanitizer (./svg-sanitize.ts) uses, typed without the DOM
// library: cli/ is type-checked for Node only, and jsdom ships no types of its own.
declare module 'jsdom' {
  /** The DOM nodes the sanitizer reads, as far as it reads them. */
  export interface DomNode {
    readonly nodeType: number;
    readonly localName?: string;
    readonly namespaceURI?: string | null;
    readonly textContent: string | null;
    readonly children: ArrayLike<DomNode> & Iterable<DomNode>;
    hasAttribute(name: string): boolean;
    remove(): void;
  }
  export interface DomWindow {
    XMLSerializer: new () => { serializeToString(node: DomNode): string };
    DOMParser: new () => { parseFromString(text: string, type: string): { documentElement: DomNode; getElementsByTagName(name: string): ArrayLike<DomNode> } };
  }
  export class JSDOM {
    constructor(html?: string);
    readonly window: DomWindow;
  }
}
