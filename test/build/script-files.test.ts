// Files a build publishes besides its pages never run a contributor's script on the help
// site's address: SVG pictures from content/ are published sanitized, HTML and scripts from
// content/ are refused unless the config opts in, and script-bearing files in static/ (trusted
// operator files) are reported: a warning, an error under --strict, silenced by listing them.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fg from 'fast-glob';
import { build, type BuildResult } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { HelpgenAggregateError, type Diagnostic } from '../../cli/diagnostics/errors.ts';
import { fixture } from '../helpers/site.ts';
import { runCli } from '../helpers/cli.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" onload="window.__pwned = 'onload'">
  <script>window.__pwned = 'script'; localStorage.setItem('pwned', '1');</script>
  <rect width="40" height="40" fill="#0a7"/>
  <foreignObject width="40" height="40"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="window.__pwned = 'foreign'"/></div></foreignObject>
  <image href="https://evil.test/track.png" width="1" height="1"/>
</svg>
`;

/** A copy of the basic fixture with `files` added (paths under the site folder). */
function site(files: Record<string, string>, config?: (text: string) => string): string {
  const root = mkdtempSync(join(tmpdir(), 'helpgen-script-files-'));
  made.push(root);
  const dir = join(root, 'site');
  cpSync(fixture('basic-site'), dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (config) writeFileSync(join(dir, 'help.config.ts'), config(readFileSync(join(dir, 'help.config.ts'), 'utf8')));
  return dir;
}

const withScriptFiles = (settings: string) => (text: string) => text.replace("baseUrl: '/support/',", `baseUrl: '/support/',\n  scriptFiles: ${settings},`);

async function buildSite(dir: string, strict = false): Promise<{ result?: BuildResult; diagnostics: Diagnostic[]; outDir: string }> {
  const outDir = join(dirname(dir), 'out');
  const reporter = new Reporter(() => {});
  try {
    const result = await build({ siteDir: dir, outDir, strict, reporter, cache: false });
    return { result, diagnostics: reporter.diagnostics, outDir };
  } catch (error) {
    if (!(error instanceof HelpgenAggregateError)) throw error;
    return { diagnostics: reporter.diagnostics, outDir };
  }
}

const PAGE = (body: string) => `---\ntitle: Files\n---\n\n${body}\n`;

describe('an SVG a page embeds or links', () => {
  it('is published sanitized: no script, handler, foreignObject or external reference, still a picture', async () => {
    const dir = site({ 'content/guides/files.md': PAGE('![Logo](evil.svg)\n\nThe [picture](evil.svg).'), 'content/guides/evil.svg': EVIL_SVG });
    const { result, outDir } = await buildSite(dir);
    expect(result).toBeDefined();
    const [published] = fg.sync('support/assets/files/evil.*.svg', { cwd: outDir });
    expect(published).toBeDefined();
    const svg = readFileSync(join(outDir, published), 'utf8');
    for (const gone of ['<script', 'onload', 'onerror', 'foreignObject', '__pwned', 'evil.test']) expect(svg, gone).not.toContain(gone);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 40 40"/);
    expect(svg).toContain('<rect width="40" height="40" fill="#0a7"/>');
    // The page links the sanitized file, and still knows the picture's size.
    const html = readFileSync(join(outDir, 'support/guides/files/index.html'), 'utf8');
    expect(html).toContain(`src="/${published}"`);
    expect(html).toMatch(/width="40" height="40"/);
  });

  it('is sanitized by the bundled command line too, the same bytes build after build', () => {
    const dir = site({ 'content/guides/files.md': PAGE('![Logo](evil.svg)'), 'content/guides/evil.svg': EVIL_SVG });
    const outs = ['out-a', 'out-b'].map((name) => join(dirname(dir), name));
    for (const out of outs) expect(runCli(['build', dir, '--out', out], { env: { HELPGEN_WORKERS: '0' } }).status).toBe(0);
    const [a, b] = outs.map((out) => fg.sync('support/assets/files/evil.*.svg', { cwd: out }).map((p) => readFileSync(join(out, p), 'utf8')));
    expect(a).toHaveLength(1);
    expect(a[0]).not.toContain('<script');
    expect(a[0]).toContain('<rect');
    expect(b).toEqual(a);
  });
});

describe('an HTML page, XML file or script a page links from content/', () => {
  it.each([
    ['report.html', 'a document that can run script (.html)'],
    ['legacy.XHTML', 'a document that can run script (.xhtml)'],
    ['feed.xml', 'a document that can run script (.xml)'],
    ['drawing.svgz', 'a document that can run script (.svgz)'],
    ['tool.js', 'a script (.js)'],
    ['tool.mjs', 'a script (.mjs)'],
  ])('%s is an error at the link, and is not published', async (name, what) => {
    const dir = site({ 'content/guides/files.md': PAGE(`Intro.\n\nGet the [file](${name}) here.`), [`content/guides/${name}`]: '<script>window.__pwned = 1</script>' });
    const { result, diagnostics, outDir } = await buildSite(dir);
    expect(result).toBeUndefined();
    const refused = diagnostics.filter((d) => d.code === 'script-attachment');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ severity: 'error', position: { file: 'content/guides/files.md', line: 7, column: 9 } });
    expect(refused[0].message).toBe(`link to "${name}": the file is ${what}, which would run on the help site's address when opened, so it is not published`);
    expect(refused[0].hint).toContain('scriptFiles.fromContent');
    // No second, confusing "broken link" for the same link; nothing written.
    expect(diagnostics.filter((d) => d.severity === 'error')).toHaveLength(1);
    expect(existsSync(outDir)).toBe(false);
  });

  it('is published when the config lists its type (scriptFiles.fromContent)', async () => {
    const dir = site({ 'content/guides/files.md': PAGE('The [report](report.html).'), 'content/guides/report.html': '<p>Report</p>' }, withScriptFiles("{ fromContent: ['.html'] }"));
    const { result, outDir } = await buildSite(dir);
    expect(result).toBeDefined();
    expect(fg.sync('support/assets/files/report.*.html', { cwd: outDir })).toHaveLength(1);
  });

  it('a type written in capitals in the config is a config error', async () => {
    const dir = site({}, withScriptFiles("{ fromContent: ['.HTML'] }"));
    await expect(build({ siteDir: dir, write: false, reporter: new Reporter(() => {}) })).rejects.toThrow(/scriptFiles\.fromContent/);
  });
});

describe('files in static/ that can run script', () => {
  const STATIC = {
    'static/img/evil.svg': EVIL_SVG,
    'static/promo/landing.html': '<!doctype html>\n<p>Hi</p>\n<a href="javascript:alert(1)">x</a>\n',
    'static/data/feed.xml': '<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="feed.xsl"?>\n<feed/>\n',
    'static/img/clean.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
    'static/legal/terms.html': '<!doctype html>\n<p>Plain terms.</p>\n',
    'static/chat/widget.js': 'window.chat = 1;\n',
  };

  it('are warnings naming the file, the line and what runs; published as they are', async () => {
    const dir = site(STATIC);
    const { result, diagnostics, outDir } = await buildSite(dir);
    expect(result).toBeDefined();
    const reported = diagnostics.filter((d) => d.code === 'static-script');
    expect(reported.map((d) => [d.severity, d.position?.file, d.position?.line])).toEqual([
      ['warning', 'static/data/feed.xml', 2],
      ['warning', 'static/img/evil.svg', 1],
      ['warning', 'static/promo/landing.html', 3],
    ]);
    expect(reported[1].message).toBe(
      "static/img/evil.svg can run script on the help site's address when opened: onload on <svg> (line 1), <script> (line 2), <foreignObject> (HTML inside the picture) (line 4) and 1 more",
    );
    expect(reported[2].message).toContain('a script address in href on <a> (line 3)');
    expect(reported[0].message).toContain('an XSLT stylesheet');
    expect(reported[1].hint).toContain('add "img/evil.svg" to scriptFiles.inStatic');
    // Operator files are trusted: published byte for byte.
    expect(readFileSync(join(outDir, 'support/img/evil.svg'), 'utf8')).toBe(EVIL_SVG);
  });

  it('fail a --strict build, unless the config lists them (scriptFiles.inStatic)', async () => {
    const strict = await buildSite(site(STATIC), true);
    expect(strict.result).toBeUndefined();
    expect(strict.diagnostics.filter((d) => d.code === 'static-script')).toHaveLength(3);
    const listed = await buildSite(site(STATIC, withScriptFiles("{ inStatic: ['img/evil.svg', '/promo/landing.html', 'data/feed.xml'] }")), true);
    expect(listed.diagnostics.filter((d) => d.code === 'static-script')).toEqual([]);
    expect(listed.result).toBeDefined();
  });
});
