// The dependency patches to mdast-util-from-markdown and mdast-util-to-hast.
// bin/dependency-patches.js applies them; bin/dependency-patches.md holds their upstream
// reports and what each edit buys.

/** @type {{ id: string, module: string, find: string, replace: string, edit?: string }[]} */
export const MDAST_PATCHES = [
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
];
