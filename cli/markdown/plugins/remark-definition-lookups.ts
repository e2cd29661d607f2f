// Makes the parser's lookups of definitions take constant time instead of growing with the page.
//
// micromark keeps the labels of a page's link definitions (`[a]: /url`) in an array,
// `parser.defined`, and the GFM footnote extension keeps the footnotes' in another,
// `parser.gfmFootnotes`; every footnote definition, footnote call and reference link looks
// itself up with `Array.prototype.includes`. A page with 40,000 footnotes made 1.6 billion
// string comparisons (35 s of a 38 s parse). Neither package lets a caller supply the lists,
// so this plugin adds a construct that micromark tries at the start of every line of the
// document (before any definition is read: they are all read at a line start, and calls and
// references only after the whole document), and on its first try replaces both arrays on
// the parser with SetBackedList: the same array, whose `push` also fills a Set that
// `includes` asks. The construct itself never matches, so the tokens are the same.
import type { Construct, Extension, State, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';

/** An array whose `includes` asks a Set kept beside it, filled by `push`. */
class SetBackedList extends Array<string> {
  private readonly members = new Set<string>();

  static override get [Symbol.species]() {
    return Array;
  }

  override push(...items: string[]): number {
    for (const item of items) this.members.add(item);
    return super.push(...items);
  }

  override includes(item: string): boolean {
    return this.members.has(item);
  }
}

type ParserLists = { defined?: string[]; gfmFootnotes?: string[] };

function swapLists(parser: ParserLists): void {
  for (const key of ['defined', 'gfmFootnotes'] as const) {
    const list = parser[key];
    if (list instanceof SetBackedList) continue;
    const fast = new SetBackedList();
    if (list) fast.push(...list);
    parser[key] = fast;
  }
}

const swapOnce: Construct = {
  name: 'helpgenDefinitionLookups',
  // Before the footnote definition construct, which is also tried at a `[`.
  add: 'before',
  tokenize(this: TokenizeContext, _effects, _ok, nok): State {
    swapLists(this.parser as unknown as ParserLists);
    return nok;
  },
};

/** Tried at the start of each line: at `[` first, at any other character after the rest. */
const extension: Extension = { document: { 91: swapOnce, null: swapOnce } };

export function remarkDefinitionLookups(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: Extension[] };
  (data.micromarkExtensions ??= []).push(extension);
}
