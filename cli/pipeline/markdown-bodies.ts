// The rendered markdown bodies of the build cache (./build-cache.ts), one file per body in a
// folder of the site's own (./file-store.ts), named by the body's hash, so an unchanged page's
// body is written once. The cache file keeps each page's compact entry (its key, what it used,
// its toc, ids and links) and names its body's file instead of holding it: at 8,500 pages the
// bodies were most of a 163 MB cache file that every build read whole and wrote whole, and
// deserialized into the main thread's heap. Now a page's body is read only when a stage asks
// for it (the page is rendered, or its search records are made again), and a build that
// changed one page writes one body and reads none: what later stages need of every page is in
// its entry (./body-facts.ts).
import { createHash } from 'node:crypto';
import { HelpgenError } from '../diagnostics/errors.ts';
import type { RenderedMarkdown } from '../markdown/pipeline.ts';
import type { FileStore } from './file-store.ts';

export class MarkdownBodies {
  /** Bodies read from their files (tests count them). */
  reads = 0;
  /** Results whose body is still in its file (not read and kept, nor replaced). */
  private readonly inFiles = new WeakSet<object>();

  /** `keepReads`: keep a body once read (the dev server reads every page again on each save). */
  constructor(
    private readonly files: FileStore,
    private readonly keepReads: boolean,
  ) {}

  /** Whether a body's file is there (as the folder was listed this build: ../file-store.ts). */
  exists(body: string): boolean {
    return this.files.has(body);
  }

  /** A stored body; undefined when its file is gone (another build of the site pruned it): the page is rendered again. */
  read(body: string): string | undefined {
    this.reads++;
    return this.files.read(body)?.toString('utf8');
  }

  /**
   * A stored entry's rendered markdown, its `html` read from the body's file when asked: when
   * the page is rendered (../stages/pages.ts) or its search records are made again. The markdown
   * stage only checks that the file is there (exists), while it can still render the page instead.
   */
  stored(body: string, data: RenderedMarkdown['data']): RenderedMarkdown {
    const result = { data } as RenderedMarkdown;
    const settle = (html: string) => {
      this.inFiles.delete(result);
      Object.defineProperty(result, 'html', { value: html, writable: true, enumerable: true, configurable: true });
    };
    const read = () => {
      const html = this.read(body);
      if (html === undefined) {
        throw new HelpgenError(`helpgen's build cache lost a page's markdown while building (${body}.html)`, {
          hint: 'Another build of the same site may have replaced the cache meanwhile. Build again, or build with --no-cache.',
        });
      }
      return html;
    };
    Object.defineProperty(result, 'html', {
      configurable: true,
      enumerable: true,
      get: () => {
        const html = read();
        if (this.keepReads) settle(html);
        return html;
      },
      set: settle,
    });
    this.inFiles.add(result);
    return result;
  }

  /** True when the result's body is read from its file when asked (it need not be kept anywhere else). */
  isStored(result: RenderedMarkdown): boolean {
    return this.inFiles.has(result);
  }

  /** Stores a body (in the background: `finish` waits); the name of its file. `hash`: the body's, when known. */
  store(html: string, hash?: string): string {
    const body = hash ?? bodyHash(html);
    this.files.write(body, html);
    return body;
  }

  /** Once the cache file is written: removes the bodies no entry names. */
  finish(named: Iterable<string | undefined>): Promise<void> {
    const keep = new Set<string>();
    for (const body of named) if (body !== undefined) keep.add(body);
    return this.files.finish(keep);
  }
}

/** The SHA-1 of a rendered markdown body, which names its file. */
export function bodyHash(html: string): string {
  return createHash('sha1').update(html).digest('hex');
}
