// The runtime without threads (see ./build-runtime.ts): every page is rendered and indexed by the
// stage that asks. Dev builds use it (they re-render a few pages per save), and so do builds
// from the TypeScript sources and with HELPGEN_WORKERS=0, whose output must be the same bytes.
import { indexBeforePages, type BuildRuntime } from './build-runtime.ts';

export class ThreadlessRuntime implements BuildRuntime {
  pagesListed(): void {}

  shareMarkdown(): undefined {
    return undefined;
  }

  shareHtml(): undefined {
    return undefined;
  }

  startIndexFeed(): void {}

  indexFeed(): undefined {
    return undefined;
  }

  indexBeforePages(pages: number, renderedMarkdown: number): boolean {
    return indexBeforePages(pages, renderedMarkdown);
  }

  async close(): Promise<void> {}
}
