// Errors that are the user's to fix say what and where, and never "This is a bug in helpgen";
// that phrase stays for helpgen's own bugs.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import fg from 'fast-glob';
import { runCli } from '../helpers/cli.ts';
import { fixture, repoRoot } from '../helpers/site.ts';
import { reportFatal } from '../../cli/main.ts';
import { SiteBuild } from '../../cli/pipeline/site-build.ts';
import type { Templates } from '../../cli/pipeline/context.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { loadConfig } from '../../cli/config/load.ts';
import { pushRecords } from '../../cli/search/push.ts';
import { compileTemplates } from '../../cli/dev/templates.ts';
import * as realTemplates from '../../templates/render.tsx';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `helpgen-${name}-`));
  made.push(dir);
  return dir;
};

/** What reportFatal prints for an error, as the CLI would show it. */
function printed(error: unknown, debug = false): string {
  let text = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    text += String(chunk);
    return true;
  });
  try {
    reportFatal(error, debug);
  } finally {
    spy.mockRestore();
  }
  // Colour depends on the terminal and on CI (picocolors turns it on when CI is set).
  return stripVTControlCharacters(text);
}

describe('file system problems', () => {
  it('content/ being a file', () => {
    const site = temp('file-content');
    writeFileSync(join(site, 'content'), 'not a folder');
    const run = runCli(['build', site]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^content: error: .*content is a file, not a folder/m);
    expect(run.stderr).toContain('content/ must be a folder holding the markdown pages');
    expect(run.stderr).not.toContain('bug in helpgen');
  });

  it('a page helpgen may not read names the file and the fix', () => {
    const site = temp('unreadable');
    cpSync(fixture('basic-site'), site, { recursive: true });
    rmSync(join(site, 'help.config.ts')); // the config compiles into a shared temporary folder, which is root's
    writeFileSync(join(site, 'content', 'index.md'), '---\ntitle: Home\n---\n\nHi.\n');
    const secret = join(site, 'content', 'guides', 'secret.md');
    writeFileSync(secret, '---\ntitle: Secret\n---\n\nHidden.\n');
    chmodSync(secret, 0o000);
    // Root may read anything: as root, the build runs as "nobody", who owns the site.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) for (const path of [site, ...fg.sync('**', { cwd: site, onlyFiles: false, absolute: true })]) chownSync(path, 65534, 65534);
    const run = runCli(['build', site, '--out', join(site, 'out')], asRoot ? { uid: 65534, gid: 65534 } : {});
    expect(run.stderr).toMatch(/error: cannot open \S*content\/guides\/secret\.md: permission denied/);
    expect(run.stderr).toContain('chmod u+rw');
    expect(run.stderr).not.toContain('bug in helpgen');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.status).toBe(1);
  });

  it('keeps "bug in helpgen" for helpgen\'s own mistakes', () => {
    expect(printed(new TypeError("Cannot read properties of undefined (reading 'x')"))).toContain('This is a bug in helpgen');
  });
});

describe('a template that throws', () => {
  it('names the page and the component, and blames neither helpgen nor the writer', async () => {
    function PriceTable(): never {
      throw new Error('prices is not iterable');
    }
    const templates: Templates = {
      renderPage: (site, page, sidebar) => (page.route === '/support/guides/start' ? renderToString(createElement('main', null, createElement(PriceTable))) : realTemplates.renderPage(site, page, sidebar)),
      renderSidebarFragment: realTemplates.renderSidebarFragment,
    };
    const site = new SiteBuild({ siteDir: fixture('basic-site'), mode: 'production', templates, cache: false });
    const error = await site.compile(new Reporter(() => {})).catch((e: unknown) => e);
    const text = printed(error);
    expect(text).toContain('content/guides/start.md: error: the page template threw while rendering /support/guides/start in <PriceTable>: prices is not iterable');
    expect(text).toContain('Fix the template component PriceTable in templates/');
    expect(text).not.toContain('bug in helpgen');
    expect(text).not.toMatch(/\n\s+at /);
    expect(printed(error, true)).toMatch(/\n\s+at PriceTable /); // the stack, with --debug
  });
});

describe('a template module without the exports the build calls', () => {
  it('is a developer error naming the file, without a stack trace', async () => {
    const root = temp('templates');
    mkdirSync(join(root, 'templates'));
    writeFileSync(join(root, 'templates', 'render.tsx'), 'export default function renderPage() { return ""; }\n');
    const missing = await compileTemplates(root).catch((e: unknown) => e);
    expect(printed(missing)).toBe(
      'templates/render.tsx: error: developer error: templates/render.tsx does not export renderPage or renderSidebarFragment\n' +
        '  The template entry module must export the functions renderPage and renderSidebarFragment; put the export back.\n',
    );
    writeFileSync(join(root, 'templates', 'render.tsx'), 'export function renderPage( {\n');
    const broken = printed(await compileTemplates(root).catch((e: unknown) => e));
    expect(broken).toMatch(/^templates\/render\.tsx:\d+:\d+: error: developer error: the templates do not compile: /);
    expect(broken).not.toMatch(/\n\s+at /);
  });
});

describe('helpgen sources that do not compile', () => {
  it('are a developer error naming the file, with the stack trace only with --debug', () => {
    // A copy of helpgen whose page template lost its export (the packages are linked, not copied).
    const root = temp('broken-helpgen');
    const notSources = new Set(['node_modules', 'dist', 'content', 'test', 'bench', 'docs', 'static', 'starter']);
    for (const part of readdirSync(repoRoot)) if (!notSources.has(part) && !part.startsWith('.')) cpSync(join(repoRoot, part), join(root, part), { recursive: true });
    mkdirSync(join(root, 'node_modules'));
    for (const name of readdirSync(join(repoRoot, 'node_modules'))) if (name !== '.cache') symlinkSync(join(repoRoot, 'node_modules', name), join(root, 'node_modules', name));
    const docPage = join(root, 'templates', 'DocPage.tsx');
    writeFileSync(docPage, readFileSync(docPage, 'utf8').replace('export function DocPage', 'function DocPage'));
    const run = (...extra: string[]) => spawnSync(process.execPath, [join(root, 'bin', 'helpgen.js'), 'build', fixture('basic-site'), '--out', join(root, 'out'), ...extra], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const plain = run();
    expect(plain.stderr).toContain('templates/DocPage.tsx" for import "DocPage"');
    expect(plain.stderr).toMatch(/templates\/render\.tsx:\d+:9:/);
    expect(plain.stderr).toContain("error: developer error: helpgen's sources do not compile (1 error above)");
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    expect(plain.status).toBe(1);
    expect(run('--debug').stderr).toMatch(/\n\s+at /);
  });
});

describe('Algolia out of reach', () => {
  it('says which application could not be reached and what to check', async () => {
    const { config } = await loadConfig(fixture('basic-site'));
    // A port nothing listens on: every request is refused at once.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    config.search.algolia = { appId: 'OFFLINE', apiKey: 'search', indexName: 'acme', contextualSearch: true, searchParameters: {}, insights: false, hosts: [{ url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite' }] };
    const error = await pushRecords(config, [], 'admin', () => {}).catch((e: unknown) => e);
    const text = printed(error);
    expect(text).toContain('error: cannot reach Algolia for app OFFLINE: no host answered');
    expect(text).toContain('Check the network connection');
    expect(text).not.toContain('bug in helpgen');
  });
});
