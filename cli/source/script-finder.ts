// Finds what in an HTML, XML or SVG file runs script when a browser opens it: <script>
// elements, event-handler attributes (onload=…), javascript: addresses, <foreignObject> (HTML
// inside an SVG) and XSLT stylesheets (which can write script into an XML document). Used to
// report such files in static/, which is published as it is (./script-types.ts says which
// files are documents). Parsed with htmlparser2, so a file that is not well-formed still gets
// read as a browser would read most of it.
import { Parser } from 'htmlparser2';
import { lineAndColumn } from '../diagnostics/errors.ts';

export interface ScriptFinding {
  /** What runs script, for people: "<script>", "onload on <svg>", "javascript: address in href". */
  what: string;
  line: number;
  column: number;
}

/** An address that runs script when followed. */
const SCRIPT_ADDRESS = /^(?:javascript|vbscript|data:\s*(?:text\/html|application\/xhtml|image\/svg))/i;

/** Whether an attribute value is such an address; browsers skip leading spaces and control characters, and tabs and newlines anywhere. */
function isScriptAddress(value: string): boolean {
  let start = 0;
  while (start < value.length && value.charCodeAt(start) <= 0x20) start++;
  return SCRIPT_ADDRESS.test(value.slice(start).replace(/[\t\n\r]/g, ''));
}

/** Where `text` (an HTML page when `xml` is false, else XML or SVG) can run script; empty when nowhere. */
export function findScripts(text: string, xml: boolean): ScriptFinding[] {
  const found: ScriptFinding[] = [];
  const add = (what: string, offset: number) => found.push({ what, ...lineAndColumn(text, offset) });
  const parser: Parser = new Parser(
    {
      onopentag(name, attributes) {
        const local = localName(name);
        if (local === 'script') add('<script>', parser.startIndex);
        if (local === 'foreignobject') add('<foreignObject> (HTML inside the picture)', parser.startIndex);
        for (const [attribute, value] of Object.entries(attributes)) {
          const attributeLocal = localName(attribute);
          // Any on… attribute counts: browsers keep adding events (onscrollend, onbeforetoggle),
          // and a name that only looks like one (one="…") is rarer than a handler missed.
          if (attributeLocal.startsWith('on') && attributeLocal.length > 2) add(`${attribute} on <${name}>`, parser.startIndex);
          else if (isScriptAddress(value)) add(`a script address in ${attribute} on <${name}>`, parser.startIndex);
        }
      },
      onprocessinginstruction(name, data) {
        if (localName(name) === '?xml-stylesheet' && /\bxsl\b|\bxslt\b/i.test(data)) add('an XSLT stylesheet (<?xml-stylesheet?>)', parser.startIndex);
      },
    },
    { xmlMode: xml, decodeEntities: true },
  );
  parser.end(text);
  return found;
}

/** An element or attribute name without its prefix ("svg:script", "xlink:href"), lowercase. */
function localName(name: string): string {
  const lower = name.toLowerCase();
  return lower.startsWith('?') ? lower : lower.slice(lower.indexOf(':') + 1);
}
