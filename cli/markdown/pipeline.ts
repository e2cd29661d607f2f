// The unified processor, built once per build (or worker) and reused for every page:
// parse → gfm (only the syntax each page could use) → front matter → directives → our remark
// plugins → rehype → raw HTML → sanitize → our rehype plugins → HTML string.
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { VFile } from 'vfile';
import type { Root as HastRoot } from 'hast';
import { USER_CONTENT_PREFIX, type MarkdownSite, type PageMarkdownData, type DocFileData } from './context.ts';
import { preprocessMarkdown } from './preprocess.ts';
import { rewriteDialects } from './dialects/index.ts';
import { remarkSourcePositions } from './plugins/remark-source-positions.ts';
import { remarkDetails } from './plugins/remark-details.ts';
import { remarkInlineToc } from './plugins/remark-inline-toc.ts';
import { remarkDocCards } from './plugins/remark-doc-cards.ts';
import { rehypeInlineToc } from './plugins/rehype-inline-toc.ts';
import { remarkAdmonitions } from './plugins/remark-admonitions.ts';
import { remarkTabs } from './plugins/remark-tabs.ts';
import { remarkAutolinksWhereNeeded } from './plugins/remark-autolinks-where-needed.ts';
import { remarkGfmSyntaxWhereNeeded } from './plugins/remark-gfm-syntax-where-needed.ts';
import { remarkHeadingIds } from './plugins/remark-heading-ids.ts';
import { remarkAutolinkEscapes } from './plugins/remark-autolink-escapes.ts';
import { remarkDefinitionLookups } from './plugins/remark-definition-lookups.ts';
import { footnoteReference } from './plugins/footnote-reference.ts';
import { remarkMdxLeftovers } from './plugins/remark-mdx-leftovers.ts';
import { rehypeUnknownElements, REMOVED_WHOLE } from './plugins/rehype-unknown-elements.ts';
import { rehypeHeadings } from './plugins/rehype-headings.ts';
import { rehypeLinks } from './plugins/rehype-links.ts';
import { rehypeCode } from './plugins/rehype-code.ts';
import { rehypeTables } from './plugins/rehype-tables.ts';
import { rehypeTabs } from './plugins/rehype-tabs.ts';
import { rehypeDiagrams } from './plugins/rehype-diagrams.ts';
import { rehypeImages } from './plugins/rehype-images.ts';
import { rehypeRawWhenNeeded } from './plugins/rehype-raw-when-needed.ts';
import { remarkCodeMeta, fillCode, type PendingCode } from './plugins/rehype-code.ts';
import { sharedHighlighter, type CodeHighlighter } from './highlight/highlighter.ts';

/**
 * What raw HTML in markdown may contain: GitHub's safe set, plus classes. As on GitHub, the
 * id, name and aria-describedby/labelledby values written in raw HTML get a "user-content-"
 * prefix (USER_CONTENT_PREFIX), so a page cannot stand in for an element of the site
 * (<div id="helpgen-config">) or shadow a document method (<img name="getElementById">).
 * Heading ids are not written in HTML but given afterwards (./plugins/rehype-headings.ts), so
 * they stay as they are; in-page #links to a prefixed id are rewritten (./plugins/rehype-links.ts).
 */
// A new directive's elements and attributes go here: ./plugins/directives.ts says why.
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: USER_CONTENT_PREFIX,
  // What these hold is never prose (CSS, a script, a title): dropping only the tag showed it as text.
  strip: REMOVED_WHOLE,
  tagNames: [...(defaultSchema.tagNames ?? []), 'figure', 'figcaption', 'abbr', 'mark', 'u', 'small', 'video', 'source'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className', 'id', 'title', 'lang', 'dir'],
    video: ['src', 'controls', 'width', 'height', 'poster', 'muted', 'loop', 'playsInline'],
    source: ['src', 'type'],
    img: [...(defaultSchema.attributes?.img ?? []), 'width', 'height', 'loading'],
    // The tab group of a :::tabs block (remark-tabs.ts), which survives the raw-HTML pass only as an attribute.
    div: [...(defaultSchema.attributes?.div ?? []), 'dataGroup'],
    code: [...(defaultSchema.attributes?.code ?? []), 'dataMeta'],
    // <details open> (MkDocs' "???+", or written in HTML) stays open.
    details: [...(defaultSchema.attributes?.details ?? []), 'open'],
  },
  // Every attribute that holds a URL is checked, not only href and src (poster="javascript:…").
  protocols: {
    ...defaultSchema.protocols,
    href: [...(defaultSchema.protocols?.href ?? []), 'tel'],
    poster: ['http', 'https'],
    action: ['http', 'https'],
  },
};

export interface RenderedMarkdown {
  html: string;
  data: PageMarkdownData;
  /** The page body as a hast tree, so search records need not parse the HTML again. */
  tree?: HastRoot;
}

export interface MarkdownRenderer {
  /** Renders a page completely. */
  (source: string, page: Omit<DocFileData, 'markdown'>): Promise<RenderedMarkdown>;
  /**
   * Parses and transforms a page, and returns once everything that needs the page's context
   * is done (links, assets, diagnostics), with the page body's tree; `finished` settles when
   * its code blocks have been highlighted too, which may happen on another thread meanwhile.
   * (The tree has placeholders for the code blocks: fine for search records, which skip code.)
   */
  start(source: string, page: Omit<DocFileData, 'markdown'>): Promise<{ tree: HastRoot; finished: Promise<RenderedMarkdown> }>;
}

export interface RendererOptions {
  /**
   * false turns off the plugins that only make parsing faster (GFM syntax and autolinks only
   * where a page could use them, the raw-HTML pass only where a page has raw HTML). The output
   * must be the same either way: test/markdown/optimisations.test.ts compares them.
   */
  optimised?: boolean;
}

/**
 * The unified processor every page goes through. Its `parse` alone is what `npm run bench`
 * times as the parser's share of a build (bench/extra/parse-floor.ts).
 */
export function createMarkdownProcessor(site: MarkdownSite, highlighter: CodeHighlighter, { optimised = true }: RendererOptions = {}): Processor {
  const allowed = new Set(sanitizeSchema.tagNames ?? []);
  return unified()
    .use(remarkParse)
    .use(remarkDefinitionLookups)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkGfm)
    .use(remarkGfmSyntaxWhereNeeded, optimised)
    .use(remarkAutolinksWhereNeeded, optimised)
    .use(remarkDirective)
    // First of our plugins: the dialect rewrites (./dialects/) moved lines; diagnostics need the written ones.
    .use(remarkSourcePositions)
    .use(remarkAutolinkEscapes)
    .use(remarkTabs, site)
    // Containers and leaf directives of our own go before remarkAdmonitions, which reports
    // every ":::name" it does not know and turns unknown "::name" lines back into text.
    .use(remarkDetails)
    .use(remarkInlineToc)
    .use(remarkDocCards)
    .use(remarkAdmonitions, site)
    .use(remarkHeadingIds)
    .use(remarkMdxLeftovers, site)
    .use(remarkCodeMeta)
    // Footnote ids without a prefix here: the sanitizer gives them theirs, as to every id in the HTML.
    .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '', handlers: { footnoteReference } })
    .use(rehypeRawWhenNeeded, { always: !optimised })
    .use(rehypeUnknownElements, site, allowed)
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeHeadings, site)
    .use(rehypeInlineToc) // after rehypeHeadings, which fills the page's toc
    .use(rehypeLinks, site)
    .use(rehypeImages)
    .use(rehypeTables)
    .use(rehypeTabs)
    .use(rehypeDiagrams)
    .use(rehypeCode, highlighter)
    .use(rehypeStringify)
    .freeze() as unknown as Processor;
}

export function createMarkdownRenderer(site: MarkdownSite, highlighter: CodeHighlighter = sharedHighlighter(), options: RendererOptions = {}): MarkdownRenderer {
  const processor = createMarkdownProcessor(site, highlighter, options);
  const start: MarkdownRenderer['start'] = async (source, page) => {
    const markdown: PageMarkdownData = { toc: [], anchors: new Set(), links: [] };
    const rewritten = rewriteDialects(source, site, page);
    const file = new VFile({ value: preprocessMarkdown(rewritten.text), path: page.displayPath });
    Object.assign(file.data, { ...page, markdown, lineOrigins: rewritten.origins });
    const tree = (await processor.run(processor.parse(file), file)) as HastRoot;
    const html = String(processor.stringify(tree as never, file));
    const code = (file.data as { code?: PendingCode }).code;
    const finished = code?.blocks.length
      ? Promise.all(code.blocks).then((blocks) => ({ html: fillCode(html, blocks), data: markdown }))
      : Promise.resolve({ html, data: markdown });
    finished.catch(() => undefined); // whoever awaits it gets the error; a build that stopped first must not crash on it
    return { tree, finished };
  };
  const render = (async (source, page) => {
    const { tree, finished } = await start(source, page);
    return { ...(await finished), tree };
  }) as MarkdownRenderer;
  render.start = start;
  return render;
}
