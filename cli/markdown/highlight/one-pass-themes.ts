// Colours a code block for both themes from one tokenization. Shiki's multi-theme highlighting
// tokenizes the block once per theme (codeToTokensWithThemes), although a TextMate grammar
// matches its regular expressions the same way whatever the theme: only the colours the tokens
// get differ. With two themes that was twice the grammar work on every code block, the largest
// part of highlighting after compiling the grammars (at 1,700 pages, ~14 % of the render
// workers' CPU went to shiki).
//
// How: while the block is tokenized, the grammar is given a stand-in theme whose "style" for a
// scope path is a number naming that path. The tokens then carry the path they were made under,
// and each real theme's style for it is worked out afterwards exactly as the grammar would have
// (vscode-textmate's AttributedScopeStack.mergeAttributes: a rule's font style, foreground and
// background replace the enclosing scope's unless unset). Shiki asks for the tokens theme by
// theme; it gets the one tokenization's lines, with adjacent tokens of the same style in that
// theme merged as the grammar merges them. So the HTML is byte-for-byte what two tokenizations
// gave (one-pass-themes.test.ts compares the two). Anything unexpected (a scope path
// the stand-in never saw, more paths than the token format can number) makes the caller fall back
// to shiki's own two passes.
import type { HighlighterGeneric } from 'shiki';

/** vscode-textmate's ScopeStack: a scope name and the scopes it is nested in. */
interface ScopePath {
  readonly parent: ScopePath | null;
  readonly scopeName: string;
}

/** vscode-textmate's StyleAttributes: fontStyle -1 and colour ids 0 mean "as the enclosing scope". */
interface Style {
  fontStyle: number;
  foregroundId: number;
  backgroundId: number;
}

/** The part of vscode-textmate's Theme the grammar uses. */
interface TextmateTheme {
  match(path: ScopePath | null): Style | null;
  getDefaults(): Style;
  getColorMap(): string[];
}

interface LineResult {
  tokens: Uint32Array;
  ruleStack: unknown;
  stoppedEarly: boolean;
}

/** A grammar as shiki hands it out, with the theme registry it reads styles from (vscode-textmate's SyncRegistry). */
interface Grammar {
  tokenizeLine2(line: string, state: unknown, timeLimit?: number): LineResult;
  _grammarRepository?: { _theme?: TextmateTheme };
}

type Primitive = ReturnType<HighlighterGeneric<string, string>['getInternalContext']>;

/** Thrown when a block cannot be coloured this way; the caller then lets shiki tokenize per theme. */
export class OnePassUnavailable extends Error {}

// The token format (vscode-textmate's EncodedTokenMetadata) keeps 4 bits of font style, 9 of
// foreground and 8 of background; a path number is spread over them, never as a 0 colour (which
// would mean "inherit").
const STYLE_BITS = 0x7ff; // language id, token type and bracket bit: kept as they are
const FOREGROUNDS = 511;
const BACKGROUNDS = 255;
const MAX_PATHS = FOREGROUNDS * BACKGROUNDS * 16;
/** The number of "no scope yet": the theme's defaults. */
const DEFAULTS = 0;

/** Scope paths by number, per thread: the same grammars and themes serve every block. */
const paths: { parent: number; path: ScopePath | null; children: Map<string, number> }[] = [{ parent: -1, path: null, children: new Map() }];
const idOfPath = new WeakMap<ScopePath, number>();

function pathId(path: ScopePath | null): number {
  if (path === null) return DEFAULTS;
  const known = idOfPath.get(path);
  if (known !== undefined) return known;
  // Every path the grammar pushes comes through match() with its parent already numbered; a
  // root it made without asking the theme ("unknown" scope) has no style of its own to mirror.
  const parent = path.parent === null ? DEFAULTS : idOfPath.get(path.parent);
  if (parent === undefined) throw new OnePassUnavailable('scope path not seen');
  const siblings = paths[parent]!.children;
  let id = siblings.get(path.scopeName);
  if (id === undefined) {
    id = paths.length;
    if (id >= MAX_PATHS) throw new OnePassUnavailable('too many scope paths');
    siblings.set(path.scopeName, id);
    paths.push({ parent, path, children: new Map() });
  }
  idOfPath.set(path, id);
  return id;
}

function styleNaming(id: number): Style {
  return { fontStyle: Math.floor(id / (FOREGROUNDS * BACKGROUNDS)), foregroundId: 1 + (id % FOREGROUNDS), backgroundId: 1 + (Math.floor(id / FOREGROUNDS) % BACKGROUNDS) };
}

function idInMetadata(metadata: number): number {
  const fontStyle = (metadata >>> 11) & 0xf;
  const foreground = (metadata >>> 15) & 0x1ff;
  const background = (metadata >>> 24) & 0xff;
  return foreground - 1 + FOREGROUNDS * (background - 1) + FOREGROUNDS * BACKGROUNDS * fontStyle;
}

/** The stand-in theme: each scope path's "style" names the path. */
const namingTheme: TextmateTheme = {
  match: (path) => styleNaming(pathId(path)),
  getDefaults: () => styleNaming(DEFAULTS),
  getColorMap: () => [],
};

/** Per real theme: each path's encoded font style and colours, as the grammar would have set them. */
const resolved = new WeakMap<TextmateTheme, number[]>();

function styleBits(theme: TextmateTheme, id: number): number {
  let table = resolved.get(theme);
  if (!table) resolved.set(theme, (table = []));
  const known = table[id];
  if (known !== undefined) return known;
  const { parent, path } = paths[id]!;
  // The defaults start from nothing; every other path from its parent's style.
  const base = id === DEFAULTS ? 0 : styleBits(theme, parent);
  const style = id === DEFAULTS ? theme.getDefaults() : theme.match(path);
  let fontStyle = (base >>> 11) & 0xf;
  let foreground = (base >>> 15) & 0x1ff;
  let background = (base >>> 24) & 0xff;
  if (style) {
    if (style.fontStyle !== -1) fontStyle = style.fontStyle;
    if (style.foregroundId !== 0) foreground = style.foregroundId;
    if (style.backgroundId !== 0) background = style.backgroundId;
  }
  const bits = ((fontStyle << 11) | (foreground << 15) | (background << 24)) >>> 0;
  table[id] = bits;
  return bits;
}

/** One line's tokens as `theme` colours them: adjacent tokens of the same style merged, as the grammar does. */
function lineFor(theme: TextmateTheme, line: LineResult): LineResult {
  const source = line.tokens;
  const tokens: number[] = [];
  for (let index = 0; index < source.length; index += 2) {
    const metadata = source[index + 1]!;
    const themed = ((metadata & STYLE_BITS) | styleBits(theme, idInMetadata(metadata))) >>> 0;
    if (tokens.length > 0 && tokens[tokens.length - 1] === themed) continue;
    tokens.push(source[index]!, themed);
  }
  return { tokens: Uint32Array.from(tokens), ruleStack: line.ruleStack, stoppedEarly: line.stoppedEarly };
}

/**
 * Colours blocks through shiki's own codeToHast, given a stand-in for its primitive that hands
 * every theme's tokens from a single tokenization of the block.
 */
export function onePassColouring<R>(primitive: Primitive, codeToHast: (primitive: Primitive, code: string) => R): (code: string) => R {
  /** The block's lines tokenized so far, by the state they started from and their text. */
  const lines = new Map<unknown, Map<string, LineResult>>();
  let theme: TextmateTheme | undefined;
  const tokenizeOnce = (grammar: Grammar, line: string, state: unknown, timeLimit?: number): LineResult => {
    let byText = lines.get(state);
    const known = byText?.get(line);
    if (known) return known;
    const registry = grammar._grammarRepository;
    if (!registry?._theme) throw new OnePassUnavailable('no theme registry');
    const own = registry._theme;
    registry._theme = namingTheme;
    let result: LineResult;
    try {
      result = grammar.tokenizeLine2(line, state, timeLimit);
    } finally {
      registry._theme = own;
    }
    if (!byText) lines.set(state, (byText = new Map()));
    byText.set(line, result);
    return result;
  };
  const facades = new WeakMap<object, Map<TextmateTheme, Grammar>>();
  const standIn: Primitive = {
    ...primitive,
    setTheme(name) {
      const set = primitive.setTheme(name);
      theme = undefined; // taken from the registry once shiki has switched it (getLanguage below)
      return set;
    },
    getLanguage(name) {
      const grammar = primitive.getLanguage(name) as unknown as Grammar;
      theme ??= grammar._grammarRepository?._theme;
      const current = theme;
      if (!current) throw new OnePassUnavailable('no theme registry');
      let byTheme = facades.get(grammar);
      if (!byTheme) facades.set(grammar, (byTheme = new Map()));
      let facade = byTheme.get(current);
      if (!facade) {
        facade = Object.create(grammar) as Grammar;
        facade.tokenizeLine2 = (line, state, timeLimit) => lineFor(current, tokenizeOnce(grammar, line, state, timeLimit));
        byTheme.set(current, facade);
      }
      return facade as unknown as ReturnType<Primitive['getLanguage']>;
    },
  };
  return (code) => {
    lines.clear();
    try {
      return codeToHast(standIn, code);
    } finally {
      lines.clear();
    }
  };
}
