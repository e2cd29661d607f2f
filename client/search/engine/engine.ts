// The local search engine: answers a query from the prebuilt index with Algolia-shaped hits.
//
// Ranking: a score per section built from BM25 per field (postings.ts), weighted title >
// heading > description and keywords > page context > body, with exact matches above prefix
// matches above typos; then multiplied by the share of the query's meaningful words the section
// matches (squared; stop words don't count), by how many of them are in its own title or
// heading (Algolia's "attribute" criterion), and by exact-word and whole-title bonuses. A word
// of ours (one that names a title, heading or keywords) is taken as written, its typos weighing
// little; split and joined forms of words match too (compounds.ts).
// Each section (a page intro, or a heading with its text) is one document, so a page gives at
// most one answer per section.
import type { EntryFile } from '../../../shared/search/index-format.ts';
import { displayOrder, keptPerGroup } from './shown.ts';
import { IndexStore, type FileLoader, type Lookup } from './index-store.ts';
import { parseQuery, transpositions, type QueryToken } from './query.ts';
import { stem } from '../../../shared/search/stem.ts';
import { normalizeWord, toTerm, tokenize } from '../../../shared/search/text.ts';
import { mark } from './highlight.ts';
import { addCompounds, maySplit, type CompoundIndex } from './compounds.ts';
import { inTitleFields, matcherFor, queryId, termsOf, TokenMatches, type TokenMatch } from './matcher.ts';
import { KEYWORD_BITS, PREFIX, PREFIX_WEIGHT, TITLE_BITS, TYPO, TYPO_WEIGHT, type LookupResult } from './postings.ts';
import { Candidates } from './candidates.ts';
import { LookupCache } from './lookup-cache.ts';
import type { QueryWords } from './title-bonus.ts';
import { before, finalPass } from './final-pass.ts';
import type { HighlightField, SearchHit, SearchRequest, SearchResponse, SnippetField } from '../types.ts';
import type { Hierarchy } from '../../../shared/search/record.ts';
import { nextTurn, Slices } from './slices.ts';

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
/** Score factor per query word found in the section's own title or heading. */
const IN_TITLE_BONUS = 0.25;
/** Score factor when all of the query's meaningful words are in the title or heading. */
const ALL_IN_TITLE_BONUS = 2;

/** A section shown: its score and what each query word matched in it. */
interface Candidate {
  id: number;
  score: number;
  matches: (TokenMatch | undefined)[];
}

/** A lookup that found nothing (while only listing lookups). */
const NOTHING: LookupResult = { docs: new Int32Array(0), scores: new Float64Array(0), kinds: new Uint8Array(0), fields: new Uint8Array(0), source: { reaches: [] }, owned: false };

export type LocalResponse = SearchResponse & {
  sections: Record<string, number>;
  /**
   * Set when the answer holds only the first screenful of its hits (`request.firstRows`): the
   * whole answer, once the other hits' page files are fetched (call it when the reader can see
   * past the first screenful).
   */
  rest?: () => Promise<LocalResponse>;
};

interface Ranked {
  tokens: QueryToken[];
  slice: Candidate[];
  response: Omit<LocalResponse, 'hits'>;
}

export class LocalSearchEngine {
  private readonly store: IndexStore;
  /** Set while the lookups of a query are being listed (see search()); `resolve`: made as well. */
  private listing?: { lookups: Lookup[]; resolve: boolean };
  private readonly paragraphCache = new Map<number, { words: string[]; terms: Set<string> }[]>();
  private queries = 0;
  /** A written word's index term and its normalised form, remembered: hits read the same words again and again. */
  private readonly termOf = remembered(toTerm);
  private readonly normalOf = remembered(normalizeWord);
  /** Lookups whose every term was loaded when they were made (their answer is final), by lookup. */
  private readonly remembered = new LookupCache();
  /** Each query word's matches, by its place in the query (the arrays are reused from query to query). */
  private readonly slots: TokenMatches[] = [];
  private candidates?: Candidates;
  private readonly compounds: CompoundIndex = {
    lookup: (term, prefix) => this.lookup(term, prefix, 0),
    both: (left, right) => this.store.postings.both(left, right),
    isKnownWord: (term) => this.isKnownWord(term),
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
    this.remembered.clear();
  }

  /**
   * Answers the query: first fetches the term shards its lookups reach, then ranks, then
   * fetches the page files of the hits shown (with `firstRows`, of the first rows only; the
   * answer's rest() fetches the others). `current` tells whether the query is still
   * wanted; once it is not, nothing more is fetched for it (the answer is then empty).
   * `settle`, when given, is awaited before fetching when the query lacks more than one shard
   * that only the longer words its last word starts need: a beginning such as "lo" (every lo…
   * term, ten shards and 108 KB gzip at 8,500 pages) that a reader still typing fast makes out
   * of date meanwhile (see the local provider). Anything narrower (a whole word's own shards, its
   * typos', a few longer words) is fetched at once, while the reader types on: the word typed
   * next usually needs the same shards ("lock" → "locking"), which are then loaded already.
   * With `settle`, ranking also waits a task, for keys typed meanwhile.
   */
  async search(request: SearchRequest, current: () => boolean = () => true, settle?: () => Promise<void>): Promise<LocalResponse> {
    if (current()) {
      const shards = this.store.shardsOf(this.lookupsOf(request.query, false));
      if (settle && shards.longerOnly > 1) await settle();
      if (current()) await this.store.loadFiles(shards.paths);
      // A split word's second part is looked up only for first parts that are terms, which the
      // first round's shards tell: list the lookups again with them loaded (compounds.ts). Only
      // a query with a word that may be split needs it; the others would repeat every lookup.
      if (current() && parseQuery(request.query).some(maySplit)) await this.store.loadFiles(this.store.shardPaths(this.lookupsOf(request.query, true)));
      // Ranking a common word takes tens of milliseconds on a cold page, and a key typed while
      // the shards arrived and were read would wait for it: the key goes first (a task later)
      // and makes this query out of date, so only the newest query is ranked.
      if (settle) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (!current()) return { nbHits: 0, queryID: '', page: 0, nbPages: 0, sections: {}, hits: [] };
    // Reading the last files ended a task's worth of work: ranking starts a task of its own.
    await nextTurn();
    const ranked = this.rank(request);
    const first = request.firstRows === undefined ? undefined : new Set(displayOrder(ranked.slice.map((c) => c.id), this.store).slice(0, request.firstRows));
    if (!first || first.size === ranked.slice.length) {
      await this.store.loadSections(ranked.slice.map((c) => c.id));
      return this.finishInSlices(ranked, request);
    }
    // The first screenful now, the rest when the reader can see it: a page file per hit shown.
    await this.store.loadSections([...first]);
    const rest = async () => {
      await this.store.loadSections(ranked.slice.map((c) => c.id));
      return this.finishInSlices(ranked, request);
    };
    return { ...(await this.finishInSlices({ ...ranked, slice: ranked.slice.filter((c) => first.has(c.id)) }, request)), rest };
  }

  /**
   * The lookups a query makes. Without `resolve` nothing is looked up: its words' lookups (which
   * depend on the words only) and its compounds' are listed, of a split only the first parts.
   * With it, the compounds' lookups are made on the shards loaded so far (the first round's), and
   * the second parts of the first parts found are listed; the words' own lookups are not made
   * again: the first round listed them all, and matching a common word's thousands of sections
   * twice, here and when ranking, cost a cold page's first search about 30 ms at 8,500 pages.
   */
  private lookupsOf(query: string, resolve: boolean): Lookup[] {
    const lookups: Lookup[] = [];
    this.listing = { lookups, resolve };
    const tokens = parseQuery(query);
    try {
      const perToken = tokens.map((t, i) => (resolve ? this.slot(i) : this.matchToken(t, this.slot(i))));
      addCompounds(tokens, perToken, this.compounds);
    } finally {
      this.listing = undefined;
      this.resetSlots(tokens.length);
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

  /** finish() in slices (slices.ts): a hit reads its section's paragraphs word by word, 20 of them a long task on a phone. */
  private async finishInSlices(ranked: Ranked, request: SearchRequest): Promise<LocalResponse> {
    return { ...ranked.response, hits: await new Slices().map(ranked.slice, (c) => this.hit(c, ranked.tokens, request.snippetWords)) };
  }

  private rank(request: SearchRequest): Ranked {
    const tokens = parseQuery(request.query);
    const queryID = queryId(request.query, ++this.queries);
    if (!tokens.length) return { tokens, slice: [], response: { nbHits: 0, queryID, page: 0, nbPages: 0, sections: {} } };
    const documentCount = this.store.entry.documentCount;
    const found = (this.candidates ??= new Candidates(documentCount));
    try {
      const perToken = tokens.map((t, i) => this.matchToken(t, this.slot(i)));
      const forms = addCompounds(tokens, perToken, this.compounds);
      tokens.forEach((t, i) => {
        found.add(perToken[i]!, t.stop ? STOP_WEIGHT : 1, !t.stop, TITLE_BITS | KEYWORD_BITS, TITLE_BITS);
      });
      // Like Algolia's removeWordsIfNoResults, but gentler for long questions: sections missing
      // up to a third of the words still count (with a lower score, below).
      const best = found.best;
      const needed = best > 0 ? Math.max(1, best - Math.floor(best / 3)) : 0;
      // Then, in one pass (final-pass.ts): the exact-word and whole-title bonuses
      // (title-bonus.ts), for the sections with a word matched in their title, heading or
      // keywords. Readers ask in sentences, so a missing word lowers a section's score (by the
      // square of the share of words it matches) rather than ranking it below every fuller
      // match: a page whose title answers three of four words beats a paragraph that mentions
      // all four. Every word of the question in a section's own title or heading: it is the answer.
      const postings = this.store.postings;
      const words: QueryWords = { tokens, perToken, forms, ownTerms: tokens.map((t) => this.store.vocabulary.indexOf(t.term)) };
      const groups = this.store.entry.groups;
      const page = request.page ?? 0;
      const result = finalPass(found, {
        needed,
        best: Math.max(1, best),
        meaningful: tokens.filter((t) => !t.stop).length,
        inTitleBonus: IN_TITLE_BONUS,
        allInTitle: ALL_IN_TITLE_BONUS,
        titleBits: TITLE_BITS | KEYWORD_BITS,
        words,
        postings,
        nameOf: (doc) => this.store.nameOf(doc),
        groupOf: this.store.groupIndexes,
        groupCount: groups.length,
        group: request.section ? groups.indexOf(request.section) : -1,
        k: (page + 1) * request.hitsPerPage,
      });
      // Groups in the order of their best section.
      const order = [...groups.keys()].filter((g) => result.counts[g]! > 0).sort((a, b) => (before(found.score, result.bestOf[a]!, result.bestOf[b]!) ? -1 : 1));
      const sections = Object.fromEntries(order.map((group) => [groups[group]!, result.counts[group]!]));
      const shown = keptPerGroup(result.top.slice(page * request.hitsPerPage), request.perGroup, this.store);
      const slice = shown.map((id) => ({ id, score: found.score[id]!, matches: perToken.map((m) => m.matchOf(postings, id)) }));
      const nbHits = result.hits;
      return { tokens, slice, response: { nbHits, queryID, page, nbPages: Math.ceil(nbHits / request.hitsPerPage), sections } };
    } finally {
      found.reset();
      this.resetSlots(tokens.length);
    }
  }

  /** Each paragraph's normalised words and index terms, cached (hits look at them again and again). */
  private paragraphTerms(id: number, paragraphs: string[]): { words: string[]; terms: Set<string> }[] {
    let list = this.paragraphCache.get(id);
    if (!list) {
      list = paragraphs.map((p) => {
        const words = [...new Set(tokenize(p))];
        return { words: words.map(this.normalOf), terms: new Set(words.map(this.termOf)) };
      });
      this.paragraphCache.set(id, list);
    }
    return list;
  }

  private groupOf(id: number): string {
    return this.store.groupOf(id);
  }

  /** The matches of query word `i`, emptied. */
  private slot(i: number): TokenMatches {
    return (this.slots[i] ??= new TokenMatches(this.store.entry.documentCount));
  }

  private resetSlots(count: number): void {
    for (let i = 0; i < count; i++) this.slots[i]?.reset();
  }

  /** True when the term names some section's title, heading or keywords: a word of ours (README, "Ranking"). */
  private isKnownWord(term: string): boolean {
    // While only listing, nothing is looked up: no word is known yet.
    if (this.listing && !this.listing.resolve) return false;
    const postings = this.store.postings.get(this.store.vocabulary.indexOf(term));
    return postings !== undefined && (postings.anyFields & (TITLE_BITS | KEYWORD_BITS)) !== 0;
  }

  /**
   * One lookup: the sections holding the terms it reaches (the term, the longer terms it starts
   * when `prefix`, those within `fuzzy` typos), scored from the loaded postings (postings.ts).
   */
  private lookup(term: string, prefix: boolean, fuzzy: number): LookupResult {
    if (this.listing) {
      this.listing.lookups.push({ term, prefix, fuzzy });
      if (!this.listing.resolve) return NOTHING;
    }
    const key = `${prefix ? '*' : ''}${fuzzy} ${term}`;
    let result = this.remembered.get(key);
    if (!result) {
      const reach = this.store.vocabulary.reach(term, prefix, fuzzy);
      result = this.store.postings.lookup(term, reach);
      if (this.store.postings.complete(reach)) this.remembered.set(key, result);
    }
    return result;
  }

  /** Every section the token matches, with how (exact, prefix or typo) and how well. */
  private matchToken(token: QueryToken, out: TokenMatches): TokenMatches {
    const prefix = token.prefix && !token.stop && token.word.length >= 2;
    out.add(this.lookup(token.term, prefix, token.stop ? 0 : token.typos));
    if (token.stop || token.word.length < 4) return out;
    const known = this.isKnownWord(token.term);
    // Swapped letters count as one typo (Algolia does the same).
    for (const variant of new Set(transpositions(token.word).map(stem))) if (variant !== token.term) out.add(this.lookup(variant, false, 0), TYPO, TYPO_WEIGHT);
    // A word still being typed may already hold a whole stem ("lockin" → "lock"), and a long
    // word may share its root with a shorter one ("management" → "manage").
    const shortest = prefix ? Math.max(4, token.word.length - 2) : token.word.length >= 8 ? Math.max(5, Math.ceil(token.word.length * 0.6)) : token.word.length;
    for (let cut = token.word.length - 1; cut >= shortest; cut--) {
      const head = stem(token.word.slice(0, cut));
      if (head !== token.term) out.add(this.lookup(head, false, 0), PREFIX, PREFIX_WEIGHT * (prefix ? 1 : 0.7));
    }
    if (known) out.scale([1, PREFIX_OF_KNOWN_WORD, TYPO_OF_KNOWN_WORD]);
    return out;
  }

  private hit(c: Candidate, tokens: QueryToken[], snippetWords: number): SearchHit {
    const [href, title, level, anchor, headings, paragraphs] = this.store.section(c.id);
    const hierarchy: Hierarchy = { lvl0: this.groupOf(c.id), lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
    headings.forEach((heading, i) => {
      if (heading !== null) hierarchy[`lvl${i + 2}` as 'lvl2'] = heading;
    });
    const url = anchor ? `${href}#${anchor}` : href;
    const match = matcherFor(tokens, c.matches, this.termOf, this.normalOf);
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
    // A heading answer whose paragraphs miss the words still shows how its section begins.
    else if (headingHit && paragraphs.length) content = paragraphs[0]!;
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

/** The function, with its answers for up to 50,000 words remembered. */
function remembered(fn: (word: string) => string): (word: string) => string {
  const answers = new Map<string, string>();
  return (word) => {
    let answer = answers.get(word);
    if (answer === undefined) {
      answer = fn(word);
      if (answers.size < 50_000) answers.set(word, answer);
    }
    return answer;
  };
}

