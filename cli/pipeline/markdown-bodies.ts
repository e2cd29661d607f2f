// The rendered markdown bodies of the build cache (./build-cache.ts), one file per body in a
// folder of the site's own (./file-store.ts), named by the body's hash, so an unchanged page's
// body is written once. The cache file keeps each page's compact entry (its key, what it used,
// its toc, ids and links) and names its body's file instead of holding it: at 8,500 pages the
// bodies were most of a 163 MB cache file that every build read whole and wrote whole, and
// deserialized into the main thread's heap. Now a page's body is read only when a stage asks
// for it, and a build that changed one page writes one body.
import { createHash } from 'node:crypto';
import { HelpgenError } from '../diagnostics/errors.ts';
import type { RenderedMarkdown } from '../markdown/pipeline.ts';
import type { FileStore } from './file-store.ts';

export class MarkdownBodies {
  /** Bodies read from their files (tests count them). */
  reads = 0;
  private readonly fromFiles = new WeakSet<object>();

  /** `keepReads`: keep a body once read (the dev server reads every page again on each save). */
  constructor(
    private readonly files: FileStore,
    private readonly keepReads: boolean,
  ) {}

  /** A stored body; undefined when its file is gone (another build of the site pruned it): the page is rendered again. */
  read(body: string): string | undefined {
    this.reads++;
    return this.files.read(body)?.toString('utf8');
  }

  /**
   * A stored entry's rendered markdown, its `html` read from the body's file when asked. The
   * markdown stage reads it (MarkdownStage.loadBody) while it can still render the page instead.
   */
  stored(body: string, data: RenderedMarkdown['data']): RenderedMarkdown {
    const result = { data } as RenderedMarkdown;
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
        if (this.keepReads) Object.defineProperty(result, 'html', { value: html, writable: true, enumerable: true, configurable: true });
        return html;
      },
      set: (html: string) => Object.defineProperty(result, 'html', { value: html, writable: true, enumerable: true, configurable: true }),
    });
    this.fromFiles.add(result);
    return result;
  }

  /** True when the result's body is read from its file (it need not be kept anywhere else). */
  isStored(result: RenderedMarkdown): boolean {
    return this.fromFiles.has(result);
  }

  /** Stores a body (in the background: `finish` waits); the name of its file. */
  store(html: string): string {
    const body = createHash('sha1').update(html).digest('hex');
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
