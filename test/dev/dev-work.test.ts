// How much a save costs `helpgen dev`: one compile (the quiet re-check after it compiles again
// only when the saved file changed again), and no search index until a browser asks for one
// (the first build's index is made in the background, once).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDevServer, type DevServer } from '../../cli/commands/dev.ts';
import { SiteBuild } from '../../cli/pipeline/site-build.ts';
import { SearchStage } from '../../cli/search/search-stage.ts';
import { copyFixture } from '../helpers/site.ts';
import { EventStream } from './events.ts';

let dev: DevServer;
let events: EventStream;
let site: { dir: string; cleanup: () => void };
const compile = SiteBuild.prototype.compile;
const compiles = vi.spyOn(SiteBuild.prototype, 'compile');
const build = SearchStage.prototype.build;
let releaseFirstIndex!: () => void;
const firstIndexHeld = new Promise<void>((resolve) => (releaseFirstIndex = resolve));
// The first index build (the one started in the background) waits until the test lets it go.
const indexBuilds = vi.spyOn(SearchStage.prototype, 'build').mockImplementation(async function (this: SearchStage, ...args) {
  if (indexBuilds.mock.calls.length === 1) await firstIndexHeld;
  return build.apply(this, args);
});
const page = () => join(site.dir, 'content', 'guides', 'start.md');
const edit = async (text: string) => {
  const since = events.events.length;
  writeFileSync(page(), readFileSync(page(), 'utf8') + `\n\n${text}\n`);
  await events.next((e) => e.event === 'reload', since);
  await dev.idle();
};

beforeAll(async () => {
  site = copyFixture('basic-site');
  dev = await startDevServer(site.dir, { port: '0', host: '127.0.0.1', log: () => {}, watchHelpgenSources: false });
  events = await EventStream.open(new URL('/__helpgen/events', dev.url).href);
});
afterAll(async () => {
  releaseFirstIndex();
  events?.close();
  await dev?.close();
  site?.cleanup();
  vi.restoreAllMocks();
});

describe('the work a save costs helpgen dev', () => {
  it('builds no search index after saves until a browser asks for it, then one with the latest edit', async () => {
    await edit('The quokkaite setting lives here.');
    await edit('The kookaburrite setting lives here too.');
    releaseFirstIndex();
    await dev.searchIdle();
    expect(indexBuilds).toHaveBeenCalledTimes(1); // the first build's, made in the background
    const html = await (await fetch(new URL('/support/guides/start', dev.url))).text();
    const config = JSON.parse(/<script type="application\/json" id="helpgen-config">([^<]*)<\/script>/.exec(html)![1]!);
    const index = await (await fetch(new URL(config.search.indexUrl, dev.url))).text();
    expect(indexBuilds).toHaveBeenCalledTimes(2);
    expect(index).toContain('kookaburr'); // terms are stored stemmed and front-coded (no other term starts with k)
  });

  it('compiles the site once per save: the quiet re-check finds the saved file as the rebuild read it', async () => {
    const before = compiles.mock.calls.length;
    await edit('One more line.');
    expect(compiles.mock.calls.length - before).toBe(1);
  });

  it('still picks up a second write to the saved file that lands while its rebuild runs', async () => {
    const since = events.events.length;
    let written = false;
    // Written during the rebuild of the first save, after the dev server looked at the file.
    compiles.mockImplementationOnce(function (this: SiteBuild, ...args) {
      if (!written) writeFileSync(page(), readFileSync(page(), 'utf8') + '\n\nThe second write.\n');
      written = true;
      return compile.apply(this, args);
    });
    writeFileSync(page(), readFileSync(page(), 'utf8') + '\n\nThe first write.\n');
    await events.next((e) => e.event === 'reload', since);
    await dev.idle();
    expect(written).toBe(true);
    const html = await (await fetch(new URL('/support/guides/start', dev.url))).text();
    expect(html).toContain('The first write.');
    expect(html).toContain('The second write.');
  });
});
