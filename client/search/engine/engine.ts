// The local search engine: answers a query from the prebuilt index with Algolia-shaped hits.
//
// Ranking: a score per section built from MiniSearch's BM25 per field, weighted title >
// heading > description and keywords > page context > body, with exact matches above prefix
// matches above typos; then multiplied by the share of the query's meaningful words the section
// matches (squared; stop words don't count), by how many of them are in its own title or
// heading (Algolia's "attribute" criterion), and by exact-word and whole-title bonuses. A word
// of ours (one that names a title, heading or keywords) is taken as written, its typos weighing
// little; split and joined forms of words match too (compounds.ts).
// Each section (a page intro, or a heading with its text) is one document, so a page gives at
// most one answer per section.
import type { SearchOptions } from 'minisearch';
import type { EntryFile, Field } from '../../../shared/search/index-format.ts';
import { IndexStore, type FileLoader, type Lookup, type SectionName } from './index-store.ts';
import { parseQuery, transpositions, type QueryToken } from './query.ts';
import { stem } from '../../../shared/search/stem.ts';
import { normalizeWord, toTerm, tokenize } from '../../../shared/search/text.ts';
import { mark } from './highlight.ts';
import { addCompounds, maySplit, type TermResults } from './compounds.ts';
import { EXACT, PREFIX, TYPO, hasTerm, inHeadingFields, isKnownWord, termInKeywords, inTitleFields, matcherFor, queryId, termsOf, type Kind, type TokenMatch } from './matcher.ts';
import type { HighlightField, SearchHit, SearchRequest, SearchResponse, SnippetField } from '../types.ts';
import type { Hierarchy } from '../../../shared/search/record.ts';

const BOOST: Record<Field, number> = { title: 8, heading: 5, keywords: 5, meta: 2.5, context: 1.5, body: 1 };
const PREFIX_WEIGHT = 0.6;
const TYPO_WEIGHT = 0.35;
/** A stop word still nudges (e.g. "if" in the IF page's title) but never decides. */
const STOP_WEIGHT = 0.1;
/**
 * A typo match's extra factor when the word as typed names a title, heading or keywords
 * somewhere: the reader wrote a word of ours ("iphone", the iOS app's keyword), so another
 * word one letter away (ISPHONE) is most likely not what they meant (Algolia ranks fewer typos
 * first for the same reason).
 */
const TYPO_OF_KNOWN_WORD = 0.2;
/** The same for a longer word the typed one only starts ("group" → GROUPBYSUM): gentler, as the reader may still be typing. */
const PREFIX_OF_KNOWN_WORD = 0.5;
/** Score factor per query word written exactly as in the title or heading, or found in the page's keywords. */
const EXACT_BONUS = 0.5;
/** Score factor per query word found in the section's own title or heading. */
const IN_TITLE_BONUS = 0.25;
/** Score factor when all of the query's meaningful words are in the title or heading. */
const ALL_IN_TITLE_BONUS = 2;
/** Score factor when the query covers every word of the title or heading. */
const COVERED_BONUS = 1.5;



interface Candidate {
  id: number;
  score: number;
  words: number;
  /** Query words found in the section's own title, heading or keywords. */
  inTitle: number;
  /** Query words found in the section's own title or heading. */
  inHeading: number;
  matches: (TokenMatch | undefined)[];
}

export type LocalResponse = SearchResponse & { sections: Record<string, number> };

interface Ranked {
  tokens: QueryToken[];
  slice: Candidate[];
  response: Omit<LocalResponse, 'hits'>;
}

export class LocalSearchEngine {
  private readonly store: IndexStore;
  /** Set while the lookups of a query are being listed (see search()); `resolve`: made as well. */
  private listing?: { lookups: Lookup[]; resolve: boolean };
  private readonly titleCache = new Map<number, SectionName>();
  private readonly paragraphCache = new Map<number, { words: string[]; terms: Set<string> }[]>();
  private queries = 0;
  private readonly terms = new Map<string, string>();
  /** A written word's index term, remembered: hits stem the same words again and again. */
  private readonly termOf = (word: string): string => {
    let term = this.terms.get(word);
    if (term === undefined) {
      term = toTerm(word);
      if (this.terms.size < 50_000) this.terms.set(word, term);
    }
    return term;
  };

  /** `load` fetches a file the entry names, by its path relative to the entry (see shared/search/index-format.ts). */
  constructor(entry: EntryFile, load?: FileLoader) {
    this.store = new IndexStore(entry, load);
  }

  /** Top-level sections, in sidebar order (the search page's filter). */
  get groups(): readonly string[] {
    return this.store.entry.groups;
  }

  /** Every file of the index, for preload() (tests, benchmarks). */
  get filePaths(): string[] {
    return this.store.paths();
  }

  /** Gives the engine files of the index it already has (tests, benchmarks), by path. */
  preload(read: (path: string) => unknown): void {
    for (const path of this.store.paths()) this.store.add(path, read(path));
    this.titleCache.clear();
  }

  /**
   * Answers the query: first fetches the term shards its lookups reach, then ranks, then
   * fetches the files of the sections shown. `current` tells whether the query is still
   * wanted; once it is not, nothing more is fetched for it (the answer is then empty).
   * `settle`, when given, is awaited before fetching shards not requested yet (see the local
   * provider: a reader still typing fast makes the query out of date meanwhile).
   */
  async search(request: SearchRequest, current: () => boolean = () => true, settle?: () => Promise<void>): Promise<LocalResponse> {
    if (current()) {
      const shards = this.store.shardPaths(this.lookupsOf(request.query, false));
      if (settle && shards.some((path) => !this.store.requested(path))) await settle();
      if (current()) await this.store.loadFiles(shards);
      // A split word's second part is looked up only for first parts that are terms, which the
      // first round's shards tell: list the lookups again with them loaded (compounds.ts). Only
      // a query with a word that may be split needs it; the others would repeat every lookup.
      if (current() && parseQuery(request.query).some(maySplit)) await this.store.loadFiles(this.store.shardPaths(this.lookupsOf(request.query, true)));
    }
    this.titleCache.clear();
    if (!current()) return { nbHits: 0, queryID: '', page: 0, nbPages: 0, sections: {}, hits: [] };
    const ranked = this.rank(request);
    await this.store.loadSections(ranked.slice.map((c) => c.id));
    return this.finish(ranked, request);
  }

  /**
   * The lookups a query makes: its words' (which depend on the words only) and its compounds'.
   * Without `resolve` nothing is looked up, so of a split only the first parts are listed; with
   * it, the lookups are made on the shards loaded so far, and the second parts of the first parts
   * found are listed too.
   */
  private lookupsOf(query: string, resolve: boolean): Lookup[] {
    const lookups: Lookup[] = [];
    this.listing = { lookups, resolve };
    try {
      const tokens = parseQuery(query);
      const perToken = tokens.map((t) => this.matchToken(t));
      addCompounds(tokens, perToken, (term, prefix) => this.lookup(term, prefix, 0));
    } finally {
      this.listing = undefined;
    }
    return lookups;
  }

  /** Answers the query from files already loaded (throws if one is missing). */
  searchSync(request: SearchRequest): LocalResponse {
    return this.finish(this.rank(request), request);
  }

  private finish(ranked: Ranked, request: SearchRequest): LocalResponse {
    return { ...ranked.response, hits: ranked.slice.map((c) => this.hit(c, ranked.tokens, request.snippetWords)) };
  }

  private rank(request: SearchRequest): Ranked {
    const tokens = parseQuery(request.query);
    const queryID = queryId(request.query, ++this.queries);
    if (!tokens.length) return { tokens, slice: [], response: { nbHits: 0, queryID, page: 0, nbPages: 0, sections: {} } };

    const perToken = tokens.map((t) => this.matchToken(t));
    const forms = addCompounds(tokens, perToken, (term, prefix) => this.lookup(term, prefix, 0));
    const candidates = new Map<number, Candidate>();
    perToken.forEach((matches, i) => {
      const token = tokens[i]!;
      for (const [id, match] of matches) {
        let c = candidates.get(id);
        if (!c) candidates.set(id, (c = { id, score: 0, words: 0, inTitle: 0, inHeading: 0, matches: [] }));
        c.matches[i] = match;
        c.score += match.score * (token.stop ? STOP_WEIGHT : 1);
        if (!token.stop) c.words++;
        if (!token.stop && inTitleFields(match)) c.inTitle++;
        if (!token.stop && inHeadingFields(match)) c.inHeading++;
      }
    });
    let best = 0;
    for (const c of candidates.values()) best = Math.max(best, c.words);
    // Like Algolia's removeWordsIfNoResults, but gentler for long questions: sections missing
    // up to a third of the words still count (with a lower score, below).
    const needed = Math.max(1, best - Math.floor(best / 3));
    let ranked: Candidate[] = [];
    for (const c of candidates.values()) if (c.words >= needed || best === 0) ranked.push(c);

    // Algolia's "exact" criterion: a word typed exactly as the section's title or heading
    // writes it ("SUMIF" for sumif, where "SUMIFS" only shares the stem) counts extra.
    // And a title or heading the query covers completely ("References" for "what is a
    // reference") beats one it only touches ("Reference cell").
    for (const c of ranked) {
      const title = this.titleWords(c.id);
      let exact = 0;
      tokens.forEach((t, i) => {
        const m = c.matches[i];
        if (!t.stop && m && (forms[i]!.some((words) => words.every((w) => title.words.has(w))) || termInKeywords(m, t.term))) exact++;
      });
      if (exact) c.score *= 1 + EXACT_BONUS * exact;
      if (title.terms.length && title.terms.every((term) => c.matches.some((m) => m !== undefined && hasTerm(m, term)))) c.score *= COVERED_BONUS;
    }

    // Readers ask in sentences, so a missing word lowers a section's score (by the square of
    // the share of words it matches) rather than ranking it below every fuller match: a page
    // whose title answers three of four words beats a paragraph that mentions all four.
    const meaningful = tokens.filter((t) => !t.stop).length;
    for (const c of ranked) {
      c.score *= (c.words / Math.max(1, best)) ** 2 * (1 + IN_TITLE_BONUS * c.inTitle);
      // Every word of the question is in this section's own title or heading: it is the answer.
      if (meaningful > 0 && c.inHeading === meaningful) c.score *= ALL_IN_TITLE_BONUS;
    }
    ranked.sort((a, b) => b.score - a.score || a.id - b.id);

    const sections: Record<string, number> = {};
    for (const c of ranked) {
      const group = this.groupOf(c.id);
      sections[group] = (sections[group] ?? 0) + 1;
    }
    if (request.section) ranked = ranked.filter((c) => this.groupOf(c.id) === request.section);

    const page = request.page ?? 0;
    const slice = ranked.slice(page * request.hitsPerPage, (page + 1) * request.hitsPerPage);
    return { tokens, slice, response: { nbHits: ranked.length, queryID, page, nbPages: Math.ceil(ranked.length / request.hitsPerPage), sections } };
  }

  /** Each paragraph's normalised words and index terms, cached (hits look at them again and again). */
  private paragraphTerms(id: number, paragraphs: string[]): { words: string[]; terms: Set<string> }[] {
    let list = this.paragraphCache.get(id);
    if (!list) {
      list = paragraphs.map((p) => {
        const words = [...new Set(tokenize(p))];
        return { words: words.map(normalizeWord), terms: new Set(words.map(this.termOf)) };
      });
      this.paragraphCache.set(id, list);
    }
    return list;
  }

  /** The written words of a section's title (intro) or heading, normalised, cached. */
  private titleWords(id: number): SectionName {
    let entry = this.titleCache.get(id);
    if (!entry) this.titleCache.set(id, (entry = this.store.nameOf(id)));
    return entry;
  }

  private groupOf(id: number): string {
    return this.store.groupOf(id);
  }

  /**
   * One term's matches, through MiniSearch's public search(): one term, so each result's score
   * is the term's score (MiniSearch multiplies it by the number of query terms matched, here 1),
   * and its id is the section's (0…n-1, as in the index). The engine combines the lookups of a
   * word (exact, typos, prefixes) itself.
   */
  private lookup(term: string, prefix: boolean, fuzzy: number): TermResults {
    if (this.listing) {
      this.listing.lookups.push({ term, prefix, fuzzy });
      if (!this.listing.resolve) return new Map();
    }
    const options: SearchOptions = {
      boost: BOOST,
      prefix,
      fuzzy,
      weights: { prefix: PREFIX_WEIGHT, fuzzy: TYPO_WEIGHT },
      tokenize: (s) => [s],
      processTerm: (s) => s,
    };
    return new Map(this.store.index.search(term, options).map((result) => [result.id as number, result]));
  }

  /** Every section the token matches, with how (exact, prefix or typo) and how well. */
  private matchToken(token: QueryToken): Map<number, TokenMatch> {
    const out = new Map<number, TokenMatch>();
    const add = (results: TermResults, forced?: Kind, factor = 1) => {
      for (const [id, r] of results) {
        const kind: Kind = forced ?? kindOf(r.match, token.term);
        const score = r.score * factor;
        const prev = out.get(id);
        if (!prev) out.set(id, { score, kind, matches: [r.match] });
        else {
          prev.score = Math.max(prev.score, score);
          prev.kind = Math.min(prev.kind, kind) as Kind;
          prev.matches.push(r.match);
        }
      }
    };
    const prefix = token.prefix && !token.stop && token.word.length >= 2;
    add(this.lookup(token.term, prefix, token.stop ? 0 : token.typos));
    if (token.stop || token.word.length < 4) return out;
    const known = isKnownWord(out, token.term);
    // Swapped letters count as one typo (Algolia does the same).
    for (const variant of new Set(transpositions(token.word).map(stem))) if (variant !== token.term) add(this.lookup(variant, false, 0), TYPO, TYPO_WEIGHT);
    // A word still being typed may already hold a whole stem ("lockin" → "lock"), and a long
    // word may share its root with a shorter one ("management" → "manage").
    const shortest = prefix ? Math.max(4, token.word.length - 2) : token.word.length >= 8 ? Math.max(5, Math.ceil(token.word.length * 0.6)) : token.word.length;
    for (let cut = token.word.length - 1; cut >= shortest; cut--) {
      const head = stem(token.word.slice(0, cut));
      if (head !== token.term) add(this.lookup(head, false, 0), PREFIX, PREFIX_WEIGHT * (prefix ? 1 : 0.7));
    }
    if (known) for (const m of out.values()) m.score *= m.kind === TYPO ? TYPO_OF_KNOWN_WORD : m.kind === PREFIX ? PREFIX_OF_KNOWN_WORD : 1;
    return out;
  }

  private hit(c: Candidate, tokens: QueryToken[], snippetWords: number): SearchHit {
    const [href, title, level, anchor, headings, paragraphs] = this.store.section(c.id);
    const hierarchy: Hierarchy = { lvl0: this.groupOf(c.id), lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
    headings.forEach((heading, i) => {
      if (heading !== null) hierarchy[`lvl${i + 2}` as 'lvl2'] = heading;
    });
    const url = anchor ? `${href}#${anchor}` : href;
    const match = matcherFor(tokens, c.matches, this.termOf);
    const counted = tokens.filter((t) => !t.stop).length || tokens.length;

    // A heading (or title) match is the answer itself; otherwise the best paragraph is. A
    // heading hit still carries its best paragraph as `content`, for the snippet under it.
    const headingHit = c.matches.some((m, i) => m && !tokens[i]!.stop && inTitleFields(m));
    let content: string | null = null;
    let ordinal = 0;
    let bestCount = 0;
    // The paragraph holding the most query words: a word counts when one of the index terms
    // it matched this section with is in the paragraph (or, for the word being typed, when a
    // paragraph word starts with it).
    const wanted = tokens.map((t, i) => (c.matches[i] && !t.stop ? termsOf(c.matches[i]!) : []));
    const typing = tokens.findIndex((t, i) => t.prefix && !t.stop && c.matches[i]);
    this.paragraphTerms(c.id, paragraphs).forEach((para, i) => {
      let count = 0;
      wanted.forEach((terms, t) => {
        if (terms.some((term) => para.terms.has(term)) || (t === typing && para.words.some((w) => w.startsWith(tokens[t]!.word)))) count++;
      });
      if (count > bestCount) {
        bestCount = count;
        ordinal = i + 1;
      }
    });
    if (ordinal) content = paragraphs[ordinal - 1]!;
    const type = content !== null && !headingHit ? 'content' : (`lvl${level}` as SearchHit['type']);

    const hl: Partial<Record<keyof Hierarchy, HighlightField>> = {};
    const sn: Partial<Record<keyof Hierarchy, SnippetField>> = {};
    for (const key of Object.keys(hierarchy) as (keyof Hierarchy)[]) {
      const value = hierarchy[key];
      if (value === null) continue;
      const marked = mark(value, match, counted, snippetWords);
      hl[key] = marked.highlight;
      if (key !== 'lvl0') sn[key] = strip(marked.snippet);
    }
    const hit: SearchHit = {
      objectID: type === 'content' ? `${url}~${ordinal}` : url,
      type,
      url,
      hierarchy,
      content,
      _highlightResult: { hierarchy: hl },
      _snippetResult: { hierarchy: sn },
    };
    if (content !== null) {
      const marked = mark(content, match, counted, snippetWords);
      hit._highlightResult!.content = marked.highlight;
      hit._snippetResult!.content = strip(marked.snippet);
    }
    return hit;
  }
}

function strip(field: HighlightField): SnippetField {
  return { value: field.value, matchLevel: field.matchLevel };
}

/** Exact when the word's own term matched, prefix when a longer one did, else a typo. */
function kindOf(match: Record<string, string[]>, term: string): Kind {
  if (term in match) return EXACT;
  for (const t in match) if (t.startsWith(term)) return PREFIX;
  return TYPO;
}
