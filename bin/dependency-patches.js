// Small, exact source edits applied to dependencies when the CLI is bundled: by `npm pack`
// (bin/compile.js), which fixes them into the published package's lib/ with the versions they were
// tested on, and by the launcher in a checkout.
//
// Each patch names one file of one package, the exact text it replaces and why. Patches that make
// one change together form an edit (editOf), applied whole or not at all: a package whose text
// changed runs as published, never half-patched. `npm pack` refuses to ship with any edit
// skipped; a checkout prints a warning naming it; test/build/dependency-patches.test.ts fails
// and checks that the patches leave every page's mdast and hast unchanged. How they are applied:
// ./patch-apply.js. What each edit buys, and its upstream report: ./dependency-patches.md.
import * as apply from './patch-apply.js';

export { editOf } from './patch-apply.js';

/** @type {{ id: string, module: string, find: string, replace: string, edit?: string }[]} */
export const PATCHES = [
  {
    // mdast-util-from-markdown's compiler calls a handler for nearly every micromark event and
    // gives each call a fresh copy of its context with the event's `sliceSerialize` added
    // (`{...context, sliceSerialize}`): millions of short-lived objects for our content. No
    // handler keeps `this` or writes to it, so one context with `sliceSerialize` updated per
    // event gives the same tree: parsing our content takes ~30 % less time (median of the
    // fastest of four passes over all pages, 1.33 s against 1.88 s, five interleaved runs).
    // The package does not export its compiler, so this cannot be done from outside
    // (syntax-tree/mdast-util-from-markdown#29, declined). Upstream description, to file:
    // bin/dependency-patches.md.
    // Without it, the markdown pipeline takes our site ×1.024, 850 generated pages ×1.016 (bin/dependency-patches.md).
    id: 'mdast-util-from-markdown: one compile context',
    module: 'mdast-util-from-markdown/lib/index.js',
    find: `        // Note: spread first, V8 has optimizations for object shape cloning.
        handler[events[index][1].type].call({
          ...context,
          sliceSerialize: events[index][2].sliceSerialize
        }, events[index][1]);`,
    replace: `        // Patched by helpgen (bin/dependency-patches.js): one context for every event.
        context.sliceSerialize = events[index][2].sliceSerialize;
        handler[events[index][1].type].call(context, events[index][1]);`,
  },
  {
    // mdast-util-to-hast (remark-rehype) first walks every node of the page to collect link
    // and footnote definitions, with unist-util-visit, which allocates a closure and an
    // ancestors array per node: ~0.1 s of a cold build of our site for a walk that only reads
    // `type`. The same pre-order walk as a plain recursive function finds the same definitions
    // in the same order (the first definition of an identifier wins either way). Upstream
    // description, to file: bin/dependency-patches.md.
    // Without it, the markdown pipeline takes our site ×1.042 (bin/dependency-patches.md).
    id: 'mdast-util-to-hast: plain walk for definitions',
    module: 'mdast-util-to-hast/lib/state.js',
    find: `  visit(tree, function (node) {
    if (node.type === 'definition' || node.type === 'footnoteDefinition') {
      const id = String(node.identifier).toUpperCase()

      // Mimick CM behavior of link definitions.
      // See: <https://github.com/syntax-tree/mdast-util-definitions/blob/9032189/lib/index.js#L20-L21>.
      if (node.type === 'definition') {
        if (!definitionById.has(id)) {
          definitionById.set(id, node)
        }
      } else if (!footnoteById.has(id)) {
        footnoteById.set(id, node)
      }
    }
  })`,
    replace: `  // Patched by helpgen (bin/dependency-patches.js): a plain walk, no visitor machinery.
  ;(function collectDefinitions(node) {
    if (node.type === 'definition' || node.type === 'footnoteDefinition') {
      const id = String(node.identifier).toUpperCase()
      if (node.type === 'definition') {
        if (!definitionById.has(id)) {
          definitionById.set(id, node)
        }
      } else if (!footnoteById.has(id)) {
        footnoteById.set(id, node)
      }
    }
    if (node.children) for (const child of node.children) collectDefinitions(child)
  })(tree)`,
  },
  {
    // fromMarkdown builds a new compiler for every document: a config of some 150 handlers,
    // with every extension merged in again. In a process that parses hundreds of pages,
    // `compiler` becomes hot and V8 optimizes it, and that one function takes TurboFan about
    // 0.38 s to compile, on every thread that parses (measured with --trace-opt on a generated
    // 1,700-page site; the largest compile of the build, the next is 0.14 s). The config only
    // depends on the list of mdast extensions, so one compiler per list serves every document;
    // the state a document's handlers keep (`this.data`) is made fresh for each, as before.
    // Upstream description, to file: bin/dependency-patches.md.
    // Without it, the markdown pipeline takes our site ×1.031 (bin/dependency-patches.md).
    id: 'mdast-util-from-markdown: one compiler per extension list',
    module: 'mdast-util-from-markdown/lib/index.js',
    find: `  return compiler(options)(postprocess(parse(options).document().write(preprocess()(value, encoding, true))));
}`,
    replace: `  // Patched by helpgen (bin/dependency-patches.js): one compiler per list of extensions.
  return compilerFor(options)(postprocess(parse(options).document().write(preprocess()(value, encoding, true))));
}

const compilersByExtensions = new WeakMap();

function compilerFor(options) {
  const extensions = options && options.mdastExtensions;
  if (!extensions) return compiler(options);
  let compile = compilersByExtensions.get(extensions);
  if (!compile) {
    compile = compiler(options);
    compilersByExtensions.set(extensions, compile);
  }
  return compile;
}`,
  },
  {
    // Goes with the patch above: a compiler now serves many documents, so the data its handlers
    // keep while compiling one (\`this.data\`: open list items, setext headings and so on) is a
    // new object for each document, as it was with a new compiler for each.
    id: 'mdast-util-from-markdown: fresh data for each document',
    edit: 'mdast-util-from-markdown: one compiler per extension list',
    module: 'mdast-util-from-markdown/lib/index.js',
    find: `      buffer,
      resume,
      data
    };`,
    replace: `      buffer,
      resume,
      // Patched by helpgen (bin/dependency-patches.js): fresh for each document.
      data: {}
    };`,
  },
  {
    // micromark's parse() merges the syntax extensions into one table of constructs for every
    // document (micromark-util-combine-extensions). The table only depends on the list of
    // extensions and is only read while parsing, so one table per list serves every document.
    // Upstream description, to file: bin/dependency-patches.md.
    // Without it, the markdown pipeline takes our site ×1.026, 850 generated pages ×1.004 (bin/dependency-patches.md).
    id: 'micromark: one construct table per extension list',
    module: 'micromark/lib/parse.js',
    find: `  const constructs = /** @type {FullNormalizedExtension} */
  combineExtensions([defaultConstructs, ...(settings.extensions || [])]);`,
    replace: `  // Patched by helpgen (bin/dependency-patches.js): one table per list of extensions.
  const constructs = constructsFor(settings.extensions);`,
  },
  {
    // The cache the patch above reads, after parse().
    id: 'micromark: the construct table cache',
    edit: 'micromark: one construct table per extension list',
    module: 'micromark/lib/parse.js',
    find: `export function parse(options) {`,
    replace: `const constructsByExtensions = new WeakMap();

/** The construct table for a list of extensions, made once per list. */
function constructsFor(extensions) {
  if (!extensions) return combineExtensions([defaultConstructs]);
  let constructs = constructsByExtensions.get(extensions);
  if (!constructs) {
    constructs = combineExtensions([defaultConstructs, ...extensions]);
    constructsByExtensions.set(extensions, constructs);
  }
  return constructs;
}

export function parse(options) {`,
  },
  // micromark-util-subtokenize keeps its jump table (where each embedded content's events end)
  // in a plain object with numeric keys, merged with Object.assign for every paragraph, heading
  // or table cell it expands, and tested with `in` for every event. Objects keyed by scattered
  // integers fall back to slow dictionary elements: a profile of a 1,700-page build put ~0.26 s
  // per render thread on those three lines, a third of subtokenizing. The same table as a Map
  // gives the same jumps. Five edits, one per place a table is touched. Upstream description,
  // to file: bin/dependency-patches.md.
  {
    // Without it, the markdown pipeline takes our site ×1.043, 850 generated pages ×1.036 (bin/dependency-patches.md).
    id: 'micromark-util-subtokenize: jumps in a Map (1/5, the table)',
    module: 'micromark-util-subtokenize/index.js',
    find: `  /** @type {Record<string, number>} */
  const jumps = {};
  let index = -1;`,
    replace: `  // Patched by helpgen (bin/dependency-patches.js): a Map, not an object with numeric keys.
  const jumps = new Map();
  let index = -1;`,
  },
  {
    id: 'micromark-util-subtokenize: jumps in a Map (2/5, following a jump)',
    module: 'micromark-util-subtokenize/index.js',
    find: `    while (index in jumps) {
      index = jumps[index];
    }`,
    replace: `    while (jumps.has(index)) {
      index = jumps.get(index);
    }`,
  },
  {
    id: 'micromark-util-subtokenize: jumps in a Map (3/5, merging gaps)',
    module: 'micromark-util-subtokenize/index.js',
    find: `        Object.assign(jumps, subcontent(events, index));
        index = jumps[index];`,
    replace: `        for (const [from, to] of subcontent(events, index)) jumps.set(from, to);
        index = jumps.get(index);`,
  },
  {
    id: 'micromark-util-subtokenize: jumps in a Map (4/5, the gaps)',
    module: 'micromark-util-subtokenize/index.js',
    find: `  const gaps = {};`,
    replace: `  const gaps = new Map();`,
  },
  {
    id: 'micromark-util-subtokenize: jumps in a Map (5/5, setting a gap)',
    module: 'micromark-util-subtokenize/index.js',
    find: `    gaps[adjust + jumps[index][0]] = adjust + jumps[index][1];`,
    replace: `    gaps.set(adjust + jumps[index][0], adjust + jumps[index][1]);`,
  },
  // micromark attempts a construct that may interrupt a paragraph (each continuation line of
  // one) with \`this\` set to \`Object.assign(Object.create(context), {interrupt: true})\`. That
  // makes the tokenizer's context a prototype, and V8 gives every prototype a map of its own:
  // parsing our site made 1,309 differently shaped contexts among 25,227. Every property access
  // on a context in micromark's per-character code (\`context.previous = code\` in consume(), on
  // every character) then meets hundreds of shapes and runs megamorphic. A Proxy gives the
  // attempt the same live view of the context (its own \`interrupt\`, everything else read from
  // the context as it is at that moment, writes kept to the view) without making the context a
  // prototype; and the context literal declares up front the five fields micromark and its GFM
  // extensions otherwise add to some contexts later, so that every context has one shape.
  // Parsing alone, cold, one thread: our site 1.19 -> 0.96 s, the generated 1,700 pages 5.9 ->
  // 5.3 s. Upstream description, to file: bin/dependency-patches.md.
  {
    // Without it, the markdown pipeline takes our site ×1.071 (bin/dependency-patches.md).
    id: 'micromark: interrupt attempts see the context through a view, not a prototype',
    module: 'micromark/lib/create-tokenizer.js',
    find: `          fields ? Object.assign(Object.create(context), fields) : context, effects, ok, nok)(code);`,
    replace: `          // Patched by helpgen (bin/dependency-patches.js): a view, so the context never becomes a prototype.
          fields ? interruptView(context, fields) : context, effects, ok, nok)(code);`,
  },
  {
    id: 'micromark: the interrupt view',
    edit: 'micromark: interrupt attempts see the context through a view, not a prototype',
    module: 'micromark/lib/create-tokenizer.js',
    find: `export function createTokenizer(parser, initialize, from) {`,
    replace: `/**
 * Patched by helpgen (bin/dependency-patches.js): what \`Object.assign(Object.create(context), fields)\`
 * gave a construct, without making \`context\` a prototype: \`fields\` and whatever the construct
 * sets are the view's own; every other property is read from the context when asked.
 */
function interruptView(context, fields) {
  const own = Object.assign({}, fields);
  return new Proxy(context, {
    get(target, key) {
      return Object.hasOwn(own, key) ? own[key] : target[key];
    },
    set(_target, key, value) {
      own[key] = value;
      return true;
    },
    has(target, key) {
      return Object.hasOwn(own, key) || key in target;
    },
    deleteProperty(_target, key) {
      return delete own[key];
    }
  });
}

export function createTokenizer(parser, initialize, from) {`,
  },
  {
    // Without it, the markdown pipeline takes our site ×1.031 (bin/dependency-patches.md).
    id: 'micromark: every tokenizer context has one shape',
    module: 'micromark/lib/create-tokenizer.js',
    find: `    sliceSerialize,
    sliceStream,
    write
  };`,
    replace: `    sliceSerialize,
    sliceStream,
    write,
    // Patched by helpgen (bin/dependency-patches.js): fields added to some contexts later,
    // declared here so that every context has the same shape.
    currentConstruct: undefined,
    interrupt: undefined,
    _contentTypeTextTrailing: undefined,
    _gfmTasklistFirstContentOfListItem: undefined,
    _labelStarts: undefined
  };`,
  },
  // micromark makes a token of the object of fields a construct passes to enter(), or of a new
  // empty object, and adds \`type\` and \`start\` to it, then \`end\` on exit: tokens came in 19
  // shapes for our site, by which fields they had and in what order. Every event a resolver,
  // the subtokenizer or the mdast compiler reads (\`events[i][1].type\`, millions of times) then
  // met all of them, megamorphic. Made with every field a token can have, in one order, tokens
  // share one shape; the fields passed are copied in, and a field no token had reads
  // \`undefined\` as before (nothing in micromark or mdast-util-from-markdown lists a token's
  // keys). No caller keeps the object it passed: each passes a new literal and uses the token
  // enter() returns. Parsing alone, cold, one thread, on top of the patch above: our site 0.97 ->
  // 0.88 s, the generated 1,700 pages 4.91 -> 4.75 s. Upstream description, to file:
  // bin/dependency-patches.md.
  {
    // Without it, the markdown pipeline takes our site ×1.058 (bin/dependency-patches.md).
    id: 'micromark: every token has one shape',
    module: 'micromark/lib/create-tokenizer.js',
    find: `    const token = fields || {};
    token.type = type;
    token.start = now();`,
    replace: `    // Patched by helpgen (bin/dependency-patches.js): every token has the same fields, in one order.
    const start = now();
    const token = {
      type,
      start,
      end: undefined,
      contentType: undefined,
      _tokenizer: undefined,
      previous: undefined,
      next: undefined,
      _container: undefined,
      _spread: undefined,
      _open: undefined,
      _close: undefined,
      _isInFirstContentOfListItem: undefined,
      _contentTypeTextTrailing: undefined,
      _gfmAutolinkLiteralWalkedInto: undefined
    };
    if (fields) {
      // As before, the construct's fields never replace \`type\` and \`start\`.
      Object.assign(token, fields);
      token.type = type;
      token.start = start;
    }`,
  },
  // micromark-util-subtokenize expands embedded content in passes over a document's events
  // (one per level of nesting, 57,663 passes over 9.4 million events for the 1,700 generated
  // pages). Each pass copied the whole event list into its splice buffer, and at the end copied
  // the buffer out and spliced it back in 10,000-event chunks: three copies of every event per
  // pass. The buffer can work on the list itself (its left side is the list) and move its right
  // side back at the end, which leaves the same events in the same list. Parsing alone, cold,
  // the 1,700 pages: 5.67 -> 5.36 s. Upstream description, to file: bin/dependency-patches.md.
  {
    // Without it, the markdown pipeline takes our site ×1.033, 850 generated pages ×1.007 (bin/dependency-patches.md).
    id: 'micromark-util-subtokenize: in place (1/2, the buffer is the list)',
    module: 'micromark-util-subtokenize/index.js',
    find: `  const events = new SpliceBuffer(eventsArray);`,
    replace: `  // Patched by helpgen (bin/dependency-patches.js): the buffer works on the list itself.
  const events = new SpliceBuffer();
  events.left = eventsArray;`,
  },
  {
    id: 'micromark-util-subtokenize: in place (2/2, nothing to copy back)',
    module: 'micromark-util-subtokenize/index.js',
    find: `  splice(eventsArray, 0, Number.POSITIVE_INFINITY, events.slice(0));`,
    replace: `  events.setCursor(Number.POSITIVE_INFINITY);`,
  },
  // postprocess() calls subtokenize() until a pass expands nothing, and that last pass walks
  // every event of the document to find nothing to do (the container fix-ups it also makes are
  // already made: a pass makes them after expanding what precedes them). A pass leaves content
  // to expand only inside the events it inserted, so when none of those holds embedded content,
  // the pass can report that it is the last. For the 1,700 generated pages the subtokenizer
  // then walks 6.5 million events instead of 9.4 million; parsing alone, cold, one thread,
  // 4.50 -> 4.44 s (median of 5 interleaved runs).
  // Upstream description, to file: bin/dependency-patches.md.
  {
    // Without it, the markdown pipeline takes our site ×1.019, 850 generated pages ×1.013 (bin/dependency-patches.md).
    id: 'micromark-util-subtokenize: no pass that finds nothing (1/3, another pass only for new content)',
    module: 'micromark-util-subtokenize/index.js',
    find: `        more = true;`,
    replace: `        // Patched by helpgen (bin/dependency-patches.js): another pass only if the events inserted hold content.
        if (insertedContent) more = true;`,
  },
  {
    id: 'micromark-util-subtokenize: no pass that finds nothing (2/3, what subcontent inserted)',
    module: 'micromark-util-subtokenize/index.js',
    find: `  return gaps;
}`,
    replace: `  insertedContent = holdsContent(childEvents);
  return gaps;
}`,
  },
  {
    id: 'micromark-util-subtokenize: no pass that finds nothing (3/3, the test)',
    module: 'micromark-util-subtokenize/index.js',
    find: `function subcontent(events, eventIndex) {`,
    replace: `/** Patched by helpgen (bin/dependency-patches.js): whether the last events subcontent() inserted hold embedded content. */
let insertedContent = false;

/** Whether any of the events starts a token with embedded content. */
function holdsContent(events) {
  for (const event of events) if (event[0] === 'enter' && event[1].contentType) return true;
  return false;
}

function subcontent(events, eventIndex) {`,
  },
];

/** Applies the edits of `all` (every patch, unless the bench leaves some out) to one file: see ./patch-apply.js. */
export const patchSource = (path, source, all = PATCHES) => apply.patchSource(path, source, all);

/** The edits `HELPGEN_SKIP_EDITS` names, checked against the patches (bench only). */
export const editsToLeaveOut = (names) => apply.editsToLeaveOut(names, PATCHES);

/** An esbuild plugin applying the patches, with what it did (see ./patch-apply.js). */
export const patchingPlugin = (options) => apply.patchingPlugin(PATCHES, options);

/** An esbuild plugin applying the patches (for bundles whose report nobody reads: tests, bench). */
export const dependencyPatches = patchingPlugin().plugin;
