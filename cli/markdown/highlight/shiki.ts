// Highlights one code block with shiki and returns its <pre> as HTML. Light and dark colours
// both ship as CSS variables, so the theme switch is pure CSS and the browser runs no
// highlighting code. Used in the main thread, or in the markdown worker (see ./highlighter.ts).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { CodeToHastOptions, HighlighterGeneric } from 'shiki';
import { bundledLanguages, createHighlighter } from 'shiki';
import { codeToHast } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { helpgenRoot } from '../../paths.ts';
import { OnePassUnavailable, onePassColouring } from './one-pass-themes.ts';

type Highlighter = HighlighterGeneric<string, string>;

/** What a code block asks to be highlighted with. */
export interface CodeRequest {
  code: string;
  /** Language name after aliases ("ts" → "typescript"); unknown or plain names give plain text. */
  lang: string;
  /** 1-based line numbers to mark as highlighted. */
  highlight: number[];
  showLineNumbers: boolean;
}

const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
/**
 * Shiki stops tokenizing a line after 500 ms by default, so a busy machine (or a highlight
 * thread at low priority) left lines uncoloured that an idle one coloured: output depended on
 * time. Without the time limit, lines this long are left plain instead, which bounds the work
 * on a pathological line the same way on every machine.
 */
const LONGEST_HIGHLIGHTED_LINE = 10_000;
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

let highlighterPromise: Promise<Highlighter> | undefined;

/** One highlighter per thread; languages are loaded the first time a block uses them. */
export function getHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= createHighlighter({
    themes: [THEMES.light, THEMES.dark],
    langs: [],
    // The WebAssembly Oniguruma engine costs ~30 ms to start but matches grammars several times
    // faster than the JavaScript regex engine on real pages (measured: 1.4 s → 0.2 s).
    engine: createOnigurumaEngine({ instantiator: instantiateOniguruma }),
  }) as Promise<Highlighter>;
  return highlighterPromise;
}

/**
 * Shiki's Oniguruma WebAssembly, read from the file shiki ships. Not `shiki/wasm`: that module
 * gunzips an inlined copy through fetch's Response and web streams, and the first touch of the
 * global Response makes Node load its whole fetch implementation (undici, http2): about 0.3 s
 * of the markdown worker's start on the loaded 2-core machine, for the same bytes. An
 * instantiator also keeps shiki from testing `instanceof Response` itself, which would load it.
 */
const instantiateOniguruma: WasmInstantiator = async (imports) => {
  const wasmFile = createRequire(join(helpgenRoot, 'package.json')).resolve('shiki/onig.wasm');
  return (await wasmApi.instantiate(await readFile(wasmFile), imports)) as Awaited<ReturnType<WasmInstantiator>>;
};
type WasmInstantiator = Extract<Parameters<typeof createOnigurumaEngine>[0], { instantiator: unknown }>['instantiator'];
/** The WebAssembly global, which the CLI's type libraries (Node, no DOM) do not declare. */
const wasmApi = (globalThis as unknown as { WebAssembly: { instantiate(bytes: Uint8Array, imports: unknown): Promise<unknown> } }).WebAssembly;

/** `twoPasses`: let shiki tokenize the block once per theme (what ./one-pass-themes.ts stands in for; tests compare the two). */
export async function highlightCode(request: CodeRequest, { twoPasses = false }: { twoPasses?: boolean } = {}): Promise<string> {
  const highlighter = await getHighlighter();
  let lang = 'text';
  if (!PLAIN.has(request.lang) && request.lang in bundledLanguages) {
    if (!highlighter.getLoadedLanguages().includes(request.lang)) await highlighter.loadLanguage(request.lang as keyof typeof bundledLanguages);
    lang = request.lang;
  }
  const highlight = new Set(request.highlight);
  const options: CodeToHastOptions = {
    lang,
    themes: THEMES,
    defaultColor: false,
    tokenizeTimeLimit: 0,
    tokenizeMaxLineLength: LONGEST_HIGHLIGHTED_LINE,
    transformers: [
      {
        line(node, line) {
          if (highlight.has(line)) this.addClassToHast(node, 'highlighted');
        },
        // shiki may give <pre> its classes as one string: addClassToHast takes either form.
        pre(node) {
          if (request.showLineNumbers) this.addClassToHast(node, 'line-numbers');
        },
      },
    ],
  };
  const root = twoPasses ? highlighter.codeToHast(request.code, options) : colourOnce(highlighter, request.code, options);
  const pre = root.children[0] as Element;
  pre.properties.tabindex = 0; // scrollable code must be reachable by keyboard (shiki sets it too)
  return toHtml(pre);
}

/** Per highlighter: colours a block for both themes from one tokenization (./one-pass-themes.ts). */
const onePass = new WeakMap<Highlighter, (code: string, options: CodeToHastOptions) => ReturnType<Highlighter['codeToHast']>>();

/** The block's tree, both themes coloured from one tokenization, or by shiki itself when that cannot be done. */
function colourOnce(highlighter: Highlighter, code: string, options: CodeToHastOptions): ReturnType<Highlighter['codeToHast']> {
  let colour = onePass.get(highlighter);
  if (!colour) {
    let current = options;
    const once = onePassColouring(highlighter.getInternalContext(), (primitive, text) => codeToHast(primitive, text, current));
    colour = (text, withOptions) => {
      current = withOptions;
      return once(text);
    };
    onePass.set(highlighter, colour);
  }
  try {
    return colour(code, options);
  } catch (error) {
    if (error instanceof OnePassUnavailable) return highlighter.codeToHast(code, options);
    throw error;
  }
}
