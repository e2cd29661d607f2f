// The build cache on disk keeps each page's rendered markdown, and reuses it only while every
// setting the markdown was rendered with is the same (cli/markdown/settings.ts). For each such
// setting: a build with the cache warm from another value gives what a build without the cache
// gives (the same page, the same diagnostics, the same exit). Runs the real bin/helpgen.js: the
// cache on disk needs the compiled CLI.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { markdownSettings, type MarkdownSettings } from '../../cli/markdown/settings.ts';
import { validateConfig, withSiteDefaults } from '../../cli/config/load.ts';

/** A setting, two values of its config key, and a page whose markdown the change shows in. */
interface SettingCase {
  setting: keyof MarkdownSettings;
  /** The config's keys, before and after (written into help.config.ts as they are). */
  before: string;
  after: string;
  /** content/guide.md */
  guide: string;
  /** Other files under content/. */
  files?: Record<string, string>;
}

const HEADINGS = '# Guide\n\nBack [home](./index.md).\n\n## Second level\n\nText.\n\n### Third level\n\nText.\n\n#### Fourth level\n\nText.\n';

const CASES: SettingCase[] = [
  // An address written from the site's root gets the base URL; a link to a page would make the
  // page stale anyway, through the page's new route.
  { setting: 'baseUrl', before: "baseUrl: '/support/'", after: "baseUrl: '/help/'", guide: '# Guide\n\nBack to [the start](/).\n' },
  { setting: 'tocMinLevel', before: 'toc: { minHeadingLevel: 2, maxHeadingLevel: 4 }', after: 'toc: { minHeadingLevel: 3, maxHeadingLevel: 4 }', guide: HEADINGS },
  { setting: 'tocMaxLevel', before: 'toc: { minHeadingLevel: 2, maxHeadingLevel: 3 }', after: 'toc: { minHeadingLevel: 2, maxHeadingLevel: 4 }', guide: HEADINGS },
  // A page with a warning is never cached, so the change goes from no warning to one.
  { setting: 'onBrokenMarkdownLinks', before: "onBrokenMarkdownLinks: 'ignore'", after: "onBrokenMarkdownLinks: 'warn'", guide: '# Guide\n\nSee [the old page](./gone.md).\n' },
  // A link to an HTML file is published when the config allows the type, and an error when not.
  {
    setting: 'scriptAttachments',
    before: "scriptFiles: { fromContent: ['.html'] }",
    after: 'scriptFiles: { fromContent: [] }',
    guide: '# Guide\n\nThe [report](./report.html).\n',
    files: { 'report.html': '<p>Report</p>\n' },
  },
];

/** Settings that need no case: the content folder is the site folder's, and each site folder has a cache of its own. */
const FIXED_BY_SITE_FOLDER: (keyof MarkdownSettings)[] = ['contentDir'];

function site(setting: SettingCase): string {
  const dir = mkdtempSync(join(tmpdir(), `helpgen-settings-${setting.setting}-`));
  mkdirSync(join(dir, 'content'));
  writeFileSync(join(dir, 'content', 'index.md'), '---\nslug: /\n---\n\n# Home\n\nRead [the guide](./guide.md).\n');
  writeFileSync(join(dir, 'content', 'guide.md'), setting.guide);
  for (const [path, text] of Object.entries(setting.files ?? {})) writeFileSync(join(dir, 'content', path), text);
  return dir;
}

function configure(dir: string, keys: string): void {
  writeFileSync(join(dir, 'help.config.ts'), `import { defineConfig } from 'helpgen/config';\n\nexport default defineConfig({\n  title: 'Settings',\n  url: 'https://settings.test',\n  ${keys},\n});\n`);
}

/** The exit status, the diagnostics (without where the output went) and the guide page, if written. */
function outcome(run: CliRun, dir: string, out: string): { status: number | null; diagnostics: string[]; guide?: string } {
  const diagnostics = (run.stdout + run.stderr).split('\n').filter((line) => / (warning|error): /.test(line));
  const page = ['support', 'help'].map((base) => join(dir, out, base, 'guide', 'index.html')).find((path) => run.status === 0 && exists(path));
  return { status: run.status, diagnostics, guide: page && readFileSync(page, 'utf8') };
}

function exists(path: string): boolean {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
}

const build = (dir: string, out: string, ...flags: string[]) => outcome(runCli(['build', dir, '--out', out, ...flags]), dir, out);

describe('the build cache and the markdown settings', () => {
  it('has a case below for every markdown setting', () => {
    const settings = markdownSettings(validateConfig(withSiteDefaults({ url: 'https://settings.test' }, '/site'), 'help.config.ts'), '/site');
    const covered = [...CASES.map((c) => c.setting), ...FIXED_BY_SITE_FOLDER];
    expect(Object.keys(settings).sort()).toEqual(covered.sort());
  });

  it.each(CASES)('renders the pages again when $setting changes', (setting) => {
    const dir = site(setting);
    configure(dir, setting.before);
    const before = build(dir, 'before');
    expect(before.status, before.diagnostics.join('\n')).toBe(0);
    configure(dir, setting.after);
    // With the cache the first build left, then without any cache.
    const warm = build(dir, 'warm');
    const cold = build(dir, 'cold', '--no-cache');
    // The case changes what the build makes (else it would prove nothing) …
    expect([before.status, before.diagnostics, before.guide]).not.toEqual([cold.status, cold.diagnostics, cold.guide]);
    // … and the cache made under the old value changes nothing.
    expect(warm).toEqual(cold);
  });
});
