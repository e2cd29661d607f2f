// `helpgen dev` on a temporary copy of a fixture site: edits show up, mistakes become overlay
// events while the server keeps answering, structure changes reach the sidebar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startDevServer, type DevServer } from '../../cli/commands/dev.ts';
import { copyFixture } from '../helpers/site.ts';
import { EventStream } from './events.ts';
import { HANG_MS } from '../helpers/patience.ts';

let dev: DevServer;
let events: EventStream;
let site: { dir: string; cleanup: () => void };
const logs: string[] = [];
const page = (rel: string) => join(site.dir, 'content', rel);
const fetchText = async (path: string) => {
  const res = await fetch(new URL(path, dev.url));
  return { status: res.status, text: await res.text() };
};

beforeAll(async () => {
  site = copyFixture('basic-site');
  dev = await startDevServer(site.dir, { port: '0', host: '127.0.0.1', log: (line) => logs.push(line), watchHelpgenSources: false });
  events = await EventStream.open(new URL('/__helpgen/events', dev.url).href);
});
afterAll(async () => {
  events?.close();
  await dev?.close();
  site?.cleanup();
});

describe('helpgen dev', () => {
  it('serves the site with the live-reload script and the same routing as serve', async () => {
    const home = await fetchText('/support/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<script src="/__helpgen/live-reload.js"></script>');
    expect((await fetchText('/support/nowhere')).status).toBe(404);
    const redirect = await fetch(new URL('/support/guides/start.html', dev.url), { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect((await fetchText('/support/../../etc/passwd')).status).not.toBe(200);
    expect(logs[0]).toMatch(/helpgen dev ready in \d+ ms at http:\/\/localhost:\d+\/support\//);
  });

  it('answers a Range request with 206 and those bytes of the page it serves, 416 past its end', async () => {
    const whole = await fetchText('/support/guides/start');
    const part = await fetch(new URL('/support/guides/start', dev.url), { headers: { Range: 'bytes=0-14' } });
    expect([part.status, part.headers.get('content-range'), await part.text()]).toEqual([206, `bytes 0-14/${Buffer.byteLength(whole.text)}`, whole.text.slice(0, 15)]);
    const past = await fetch(new URL('/support/guides/start', dev.url), { headers: { Range: 'bytes=99999999-' } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${Buffer.byteLength(whole.text)}`]);
  });

  it('rebuilds an edited page, serves the new text and sends a reload for that page only', async () => {
    const since = events.events.length;
    writeFileSync(page('guides/start.md'), readFileSync(page('guides/start.md'), 'utf8').replace('Run this:', 'Run these two commands:'));
    const reload = await events.next((e) => e.event === 'reload', since);
    expect(reload.data).toEqual({ routes: ['/support/guides/start'], full: false });
    expect((await fetchText('/support/guides/start')).text).toContain('Run these two commands:');
    expect(logs.at(-1)).toMatch(/content\/guides\/start\.md changed → rebuilt 1 page in \d+ ms/);
  });

  it('serves the markdown twin of the edited page, and resolves its link to a file that appears later', async () => {
    expect((await fetchText('/support/guides/start.md')).text).toContain('Run these two commands:');
    const since = events.events.length;
    writeFileSync(page('guides/start.md'), readFileSync(page('guides/start.md'), 'utf8') + '\n\nSee [the checklist](checklist.txt).\n');
    await events.next((e) => e.event === 'reload', since);
    expect((await fetchText('/support/guides/start.md')).text).toContain('[the checklist](checklist.txt)');
    // The page did not change, but the file its link names now exists: the twin links to it.
    writeFileSync(page('guides/checklist.txt'), 'Check this.\n');
    await expect.poll(async () => (await fetchText('/support/guides/start.md')).text, { timeout: HANG_MS }).toMatch(/\[the checklist\]\([^)\s]*\/checklist\.[0-9a-f]{10}\.txt\)/);
  });

  it('builds the search index when it is asked for, with the latest edit in it', async () => {
    const since = events.events.length;
    writeFileSync(page('guides/start.md'), readFileSync(page('guides/start.md'), 'utf8') + '\n\nThe zanzibarite setting lives here.\n');
    await events.next((e) => e.event === 'reload', since);
    // That reload may be a late one of the previous test's save (the same page): the page with
    // the new text says this save is in. Its index may still be building; asking for it waits.
    await expect.poll(async () => (await fetchText('/support/guides/start')).text, { timeout: HANG_MS }).toContain('zanzibarite');
    // The page links the index by a fixed dev name; asking for it waits for the rebuilt index.
    const config = JSON.parse(/<script type="application\/json" id="helpgen-config">([^<]*)<\/script>/.exec((await fetchText('/support/guides/start')).text)![1]!);
    const index = await fetch(new URL(config.search.indexUrl, dev.url));
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('zanzibar'); // terms are stored stemmed
  });

  it('shows broken front matter as an overlay event, keeps serving, and clears it when fixed', async () => {
    const original = readFileSync(page('guides/advanced.md'), 'utf8');
    let since = events.events.length;
    writeFileSync(page('guides/advanced.md'), original.replace('title: Advanced setup', 'title: [Advanced setup'));
    const problem = await events.next((e) => e.event === 'problem', since);
    expect(problem.data).toMatchObject({ file: 'content/guides/advanced.md', line: 3 });
    expect(String(problem.data.message)).toContain('invalid front matter');
    expect((await fetchText('/support/guides/advanced')).status).toBe(200); // last good version
    expect(logs.some((l) => l.includes('content/guides/advanced.md:3:'))).toBe(true);

    since = events.events.length;
    writeFileSync(page('guides/advanced.md'), original);
    // The page in the browser is still the last good version, so clearing is all it needs.
    await events.next((e) => e.event === 'clear', since);
    await dev.idle();
  });
});

describe('helpgen dev: links, pages that come and go, the config', () => {
  it('lists a broken link once as a warning and keeps serving', async () => {
    const original = readFileSync(page('guides/advanced.md'), 'utf8');
    const since = events.events.length;
    writeFileSync(page('guides/advanced.md'), original + '\nSee [nothing](/support/nothing-here).\n');
    await events.next((e) => e.event === 'reload', since);
    await dev.idle();
    const warnings = logs.filter((l) => l.includes('broken link "nothing"'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/content\/guides\/advanced\.md:\d+:\d+: warning: broken link "nothing" to \/support\/nothing-here/);
    writeFileSync(page('guides/advanced.md'), original + '\nSee [nothing](/support/nothing-here) again.\n');
    await dev.idle();
    expect(logs.filter((l) => l.includes('broken link "nothing"'))).toHaveLength(1);
    writeFileSync(page('guides/advanced.md'), original);
    await dev.idle();
  });

  it('follows added, renamed and deleted pages in the sidebar', async () => {
    let since = events.events.length;
    writeFileSync(page('guides/faq.md'), '---\ntitle: Frequent questions\ndescription: Answers to the questions people ask most.\n---\n\nAsk away.\n');
    await events.next((e) => e.event === 'reload' && e.data.full === true, since);
    expect((await fetchText('/support/guides/faq')).status).toBe(200);
    expect((await fetchText('/support/guides/start')).text).toContain('href="/support/guides/faq"');

    since = events.events.length;
    renameSync(page('guides/faq.md'), page('guides/questions.md'));
    await events.next((e) => e.event === 'reload' && e.data.full === true, since);
    await dev.idle();
    expect((await fetchText('/support/guides/questions')).status).toBe(200);
    expect((await fetchText('/support/guides/faq')).status).toBe(404);
    expect((await fetchText('/support/guides/start')).text).toContain('href="/support/guides/questions"');

    since = events.events.length;
    rmSync(page('guides/questions.md'));
    await events.next((e) => e.event === 'reload' && e.data.full === true, since);
    await dev.idle();
    expect((await fetchText('/support/guides/questions')).status).toBe(404);
    expect((await fetchText('/support/guides/start')).text).not.toContain('/support/guides/questions');
  });

  it('re-renders a page whose markdown link target appears or moves, though the page did not change', async () => {
    let since = events.events.length;
    writeFileSync(page('guides/later.md'), '---\ntitle: Later\n---\n\nSee the [glossary](./glossary.md).\n');
    await events.next((e) => e.event === 'reload' && e.data.full === true, since);
    await dev.idle();
    expect((await fetchText('/support/guides/later')).text).not.toContain('href="/support/guides/glossary"');

    since = events.events.length;
    writeFileSync(page('guides/glossary.md'), '---\ntitle: Glossary\n---\n\nTerms.\n');
    await events.next((e) => e.event === 'reload' && e.data.full === true, since);
    await dev.idle();
    // The link now resolves to the new page's route.
    expect((await fetchText('/support/guides/later')).text).toContain('href="/support/guides/glossary"');
    since = events.events.length;
    renameSync(page('guides/glossary.md'), page('guides/terms.md'));
    await events.next((e) => e.event === 'reload' && e.data.full === true, since);
    await dev.idle();
    expect((await fetchText('/support/guides/later')).text).not.toContain('href="/support/guides/glossary"');
    rmSync(page('guides/later.md'));
    rmSync(page('guides/terms.md'));
    await events.next((e) => e.event === 'reload' && e.data.full === true, events.events.length);
    await dev.idle();
  });

  it('reloads the config when help.config.ts changes', async () => {
    const configPath = join(site.dir, 'help.config.ts');
    const since = events.events.length;
    writeFileSync(configPath, readFileSync(configPath, 'utf8').replace("title: 'Acme Help'", "title: 'Acme Support Center'"));
    await events.next((e) => e.event === 'reload' && e.data.full === true, since);
    expect((await fetchText('/support/guides/start')).text).toContain('<title>Get started | Acme Support Center</title>');
  });
});
