import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config/load.ts';
import { readMkdocs } from './mkdocs.ts';
import { readMkdocsYaml } from './mkdocs-yaml.ts';

const FIXTURE = join(import.meta.dirname, '../../test/fixtures/migrate/mkdocs');

describe('readMkdocs', async () => {
  const plan = await readMkdocs(FIXTURE);
  const page = (from: string) => plan.pages.find((p) => p.from === `docs/${from}`);
  const problemAt = (pattern: RegExp) => plan.problems.find((p) => pattern.test(p.message));

  it('carries the site settings into a config helpgen accepts', () => {
    expect(plan.config).toMatchObject({
      title: 'Ordo Docs',
      tagline: 'Records that stay in order',
      url: 'https://docs.ordo.example',
      baseUrl: '/handbook/',
      trailingSlash: true,
      favicon: '/handbook/assets/favicon.png',
      editUrl: 'https://github.com/ordo/handbook/edit/main/docs/',
      toc: { minHeadingLevel: 2, maxHeadingLevel: 4 },
      scripts: [{ src: '/handbook/js/widget.js', async: true }],
      announcementBar: { id: 'announcement', content: 'Ordo 3.0 is out: <a href="/handbook/guides/install/">upgrade now</a>' },
      footer: {
        links: [{ title: 'Community', items: [{ label: 'GitHub', href: 'https://github.com/ordo' }, { label: 'Ordo on Mastodon', href: 'https://fosstodon.org/@ordo' }] }],
        copyright: 'Copyright © 2026 Ordo',
      },
      navbar: { items: [{ type: 'default', label: 'Changelog', href: 'https://github.com/ordo/handbook/releases' }, { type: 'search' }] },
    });
    const site = mkdtempSync(join(tmpdir(), 'helpgen-migrate-'));
    expect(() => validateConfig(plan.config, 'help.config.ts', { siteDir: site })).not.toThrow();
  });

  it('turns redirect_maps into redirects at MkDocs addresses, and reports one to another site', () => {
    expect(plan.config.redirects).toEqual([
      { from: '/old-install/', to: '/guides/install/' },
      { from: '/legacy/api/', to: '/reference/api/#auth' },
    ]);
    expect(problemAt(/another site \(https:\/\/elsewhere/)).toMatchObject({ file: 'mkdocs.yml', line: 33 });
  });

  it('orders the sidebar as nav does, moving a page into its section with a slug that keeps its address', () => {
    expect(page('index.md')).toEqual({ from: 'docs/index.md', to: 'index.md', frontMatter: { sidebar_position: 1, sidebar_label: 'Home', title: 'Ordo docs' } });
    expect(page('guides/install.md')).toEqual({ from: 'docs/guides/install.md', to: 'guides/install.md', frontMatter: { sidebar_position: 1, sidebar_label: 'Install', title: 'Install' } });
    expect(page('guides/first-record.md')?.frontMatter).toEqual({ sidebar_position: 2, title: 'Your first record' });
    expect(page('reference/api.md')?.frontMatter).toEqual({ sidebar_position: 1, sidebar_label: 'API', title: 'API' });
    expect(page('glossary.md')).toEqual({ from: 'docs/glossary.md', to: 'reference/glossary.md', frontMatter: { sidebar_position: 2, sidebar_label: 'Glossary', slug: '/glossary/', title: 'Glossary' } });
    // Pages nav leaves out stay out of the sidebar, not_in_nav's (drafts.md) as well.
    expect(page('stray.md')).toEqual({ from: 'docs/stray.md', to: 'stray.md', frontMatter: { title: 'Stray', sidebar_hidden: true } });
    expect(page('drafts.md')?.frontMatter).toMatchObject({ sidebar_hidden: true });
    expect(plan.pages.filter((p) => p.frontMatter.sidebar_hidden).map((p) => p.from)).toEqual(['docs/drafts.md', 'docs/stray.md']);
    expect(plan.categories).toEqual([
      { folder: 'guides', label: 'Getting started', position: 2, link: { type: 'doc', id: 'guides/index' } },
      { folder: 'reference', label: 'Reference', position: 3 },
    ]);
  });

  it('leaves out a README.md beside index.md, as MkDocs does', () => {
    expect(page('guides/README.md')).toBeUndefined();
    expect(plan.problems).toContainEqual(expect.objectContaining({ file: 'docs/guides/README.md', line: 1 }));
  });

  it('reports pages outside nav as kept out of the sidebar, except those not_in_nav names', () => {
    expect(plan.problems).toContainEqual(expect.objectContaining({ file: 'docs/stray.md', message: expect.stringMatching(/not in nav, so it is kept out of the sidebar as in MkDocs/) }));
    expect(plan.problems.some((p) => p.file === 'docs/drafts.md')).toBe(false);
    expect(problemAt(/nav names missing\.md/)).toMatchObject({ file: 'mkdocs.yml', line: 24 });
  });

  it('copies images beside the pages and files served as they are to static/', () => {
    expect(plan.files).toEqual([
      { from: 'docs/assets/extra.css', to: 'static/assets/extra.css' },
      { from: 'docs/assets/favicon.png', to: 'static/assets/favicon.png' },
      { from: 'docs/assets/logo.svg', to: 'content/assets/logo.svg' },
      { from: 'docs/img/dialog.png', to: 'content/img/dialog.png' },
      { from: 'docs/js/widget.js', to: 'static/js/widget.js' },
    ]);
  });

  it('reports what it cannot carry, at its line in mkdocs.yml', () => {
    expect(problemAt(/plugin "macros"/)).toMatchObject({ file: 'mkdocs.yml', line: 34 });
    expect(problemAt(/plugin "mkdocstrings"/)).toMatchObject({ line: 35 });
    expect(problemAt(/pymdownx\.arithmatex/)).toMatchObject({ line: 49 });
    expect(problemAt(/Analytics \(google G-ABC123\)/)).toMatchObject({ line: 55 });
    expect(problemAt(/logo is not carried/)).toMatchObject({ line: 11 });
    expect(problemAt(/Edit this page/)).toMatchObject({ line: 5 });
    expect(problemAt(/stylesheets assets\/extra\.css/)).toMatchObject({ line: 67 });
    expect(plan.problems.filter((p) => /search|redirects"|admonition|pymdownx\.(tabbed|snippets|details|emoji)|"toc"/.test(p.message))).toEqual([]);
  });

  it('counts what it carried', () => {
    expect(plan.carried).toMatchObject({ pages: 8, 'pages moved into their section (address kept)': 1, 'pages kept out of the sidebar, as nav leaves them out': 2, 'sidebar categories': 2, redirects: 2, 'navbar links': 1, 'footer links': 2, 'markdown extensions': 6, favicon: 1, 'announcement bar': 1, files: 5 });
  });
});

describe('mkdocs.yml with Python and environment tags', () => {
  it('reads !!python/… and !ENV as inert values and never runs them', () => {
    const result = readMkdocsYaml('a: !!python/object/apply:os.system ["touch /tmp/pwned"]\nb: !!python/name:x.y\nc: !ENV [SITE, "https://x.example/"]\nd: !relative $config_dir\n');
    expect(result).toEqual({ data: { a: { tag: 'tag:yaml.org,2002:python/object/apply:os.system', value: ['touch /tmp/pwned'] }, b: { tag: 'tag:yaml.org,2002:python/name:x.y', value: '' }, c: { tag: '!ENV', value: ['SITE', 'https://x.example/'] }, d: { tag: '!relative', value: '$config_dir' } } });
  });

  it('uses an !ENV default and says so; a YAML error names its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-mkdocs-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/index.md'), '# Hi\n');
    writeFileSync(join(dir, 'mkdocs.yml'), 'site_name: Env\nsite_url: !ENV [SITE_URL, "https://env.example/x/"]\n');
    const plan = await readMkdocs(dir);
    expect(plan.config).toMatchObject({ url: 'https://env.example', baseUrl: '/x/' });
    expect(plan.problems).toContainEqual(expect.objectContaining({ line: 2, message: expect.stringMatching(/environment \(SITE_URL\)/) }));
    writeFileSync(join(dir, 'mkdocs.yml'), 'site_name: Env\nnav:\n  - a: [b\n');
    const broken = await readMkdocs(dir);
    expect(broken.problems).toEqual([expect.objectContaining({ file: 'mkdocs.yml', line: 4 })]);
  });

  it('gives a/b.html addresses with use_directory_urls: false', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-mkdocs-'));
    mkdirSync(join(dir, 'docs/a'), { recursive: true });
    writeFileSync(join(dir, 'docs/a/b.md'), '# B\n');
    writeFileSync(join(dir, 'docs/c.md'), '# C\n');
    writeFileSync(join(dir, 'mkdocs.yml'), 'site_name: Files\nuse_directory_urls: false\nnav:\n  - A:\n    - c.md\n    - a/b.md\n');
    const plan = await readMkdocs(dir);
    expect(plan.config).toMatchObject({ pageFiles: 'html', baseUrl: '/' });
    expect(plan.config.trailingSlash).toBeUndefined();
    expect(plan.pages).toEqual([
      { from: 'docs/a/b.md', to: 'a/b.md', frontMatter: { sidebar_position: 2, title: 'B' } },
      { from: 'docs/c.md', to: 'a/c.md', frontMatter: { sidebar_position: 1, slug: '/c', title: 'C' } },
    ]);
    expect(() => validateConfig(plan.config, 'help.config.ts', { siteDir: dir })).not.toThrow();
  });

  it('survives settings of the wrong type, and never reads outside the source folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-mkdocs-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/index.md'), '# Hi\n');
    writeFileSync(join(dir, 'mkdocs.yml'), 'site_name: 5\ntheme: 7\nplugins: redirects\nrepo_url: "http://[bad"\nextra: {social: [null, {icon: 3, link: "javascript:alert(1)"}, {link: "https://ok.example"}]}\nmarkdown_extensions: [{toc: true}, 4]\nnav: [5, {Home: index.md}, {Bad: "javascript:alert(1)"}, {Empty: null}, {Section: []}]\n');
    const plan = await readMkdocs(dir);
    expect(plan.pages).toEqual([{ from: 'docs/index.md', to: 'index.md', frontMatter: { sidebar_position: 1, sidebar_label: 'Home', title: 'Hi' } }]);
    expect(plan.config.footer?.links).toEqual([{ title: 'Community', items: [{ label: 'https://ok.example', href: 'https://ok.example' }] }]);
    expect(plan.config.navbar).toBeUndefined();
    expect(plan.problems).toContainEqual(expect.objectContaining({ line: 7, message: expect.stringMatching(/"Bad" is not a web address/) }));
    writeFileSync(join(dir, 'mkdocs.yml'), 'site_name: Out\ndocs_dir: ../../etc\n');
    const outside = await readMkdocs(dir);
    expect(outside.pages).toEqual([]);
    expect(outside.problems).toContainEqual(expect.objectContaining({ line: 2, message: expect.stringMatching(/not a folder inside the source folder/) }));
  });

  it('never copies a symbolic link, which could lead outside the site', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-mkdocs-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/index.md'), '# Hi\n');
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    symlinkSync(join(dir, 'secret.txt'), join(dir, 'docs/secret.md'));
    writeFileSync(join(dir, 'mkdocs.yml'), 'site_name: Links\n');
    const plan = await readMkdocs(dir);
    expect(plan.pages.map((p) => p.from)).toEqual(['docs/index.md']);
    expect(plan.problems).toContainEqual(expect.objectContaining({ file: 'docs/secret.md', message: expect.stringMatching(/symbolic link/) }));
  });
});
