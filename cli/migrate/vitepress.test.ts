import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config/load.ts';
import { readVitepress } from './vitepress.ts';

const FIXTURE = join(import.meta.dirname, '../../test/fixtures/migrate/vitepress');
const VUE_DOCS = '/work/shared/corpora/vue-docs';

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-vitepress-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('readVitepress', async () => {
  const plan = await readVitepress(FIXTURE);
  const page = (from: string) => plan.pages.find((p) => p.from === `src/${from}`);
  const problem = (pattern: RegExp) => plan.problems.find((p) => pattern.test(p.message));

  it('runs the config with its packages stood in for, and carries its settings into a config helpgen accepts', () => {
    expect(plan.config).toMatchObject({
      title: 'Ordo',
      product: { name: 'Ordo', slug: 'ordo' },
      tagline: 'Records that stay in order',
      url: 'https://ordo.example',
      baseUrl: '/docs/',
      pageFiles: 'html',
      favicon: '/docs/favicon.ico',
      scripts: [{ src: 'https://cdn.example/widget.js', async: true }],
      editUrl: 'https://github.com/ordo/ordo/edit/main/src/',
      toc: { minHeadingLevel: 2, maxHeadingLevel: 4 },
      search: { provider: 'algolia', algolia: { appId: 'APP1', apiKey: 'search-only-key', indexName: 'ordo', searchParameters: { facetFilters: ['lang:en'] } } },
      footer: {
        links: [{ title: 'Community', items: [{ label: 'GitHub', href: 'https://github.com/ordo/ordo' }, { label: 'Chat', href: 'https://chat.example' }] }],
        copyright: 'Released under the MIT License. · Copyright © 2026 Ordo',
      },
    });
    expect(plan.config.navbar).toEqual({
      title: 'Ordo Help',
      items: [
        { type: 'default', position: 'left', label: 'Guide', to: '/guide/what-is-ordo' },
        { type: 'default', position: 'left', label: 'API', to: '/api/records' },
        { type: 'dropdown', position: 'left', label: 'More', items: [{ label: 'Changelog', href: 'https://github.com/ordo/ordo/releases' }, { label: 'About', to: '/about' }] },
        { type: 'search', position: 'right' },
      ],
    });
    expect(() => validateConfig(plan.config, 'help.config.ts', { siteDir: mkdtempSync(join(tmpdir(), 'helpgen-site-')) })).not.toThrow();
  });

  it('turns each per-path sidebar into a top-level category named by its navbar link, groups into folders', () => {
    expect(plan.categories).toEqual([
      { folder: 'guide', label: 'Guide', position: 1 },
      { folder: 'guide/introduction', label: 'Introduction', position: 1, collapsed: false },
      { folder: 'guide/records', label: 'Records', position: 2, collapsed: true, link: { type: 'doc', id: 'guide/records/index' } },
      { folder: 'api', label: 'API', position: 2 },
      { folder: 'api/reference', label: 'Reference', position: 1 },
    ]);
  });

  it('keeps every page at its VitePress address: moved pages, rewrites and README.md get a slug', () => {
    expect(page('guide/what-is-ordo.md')).toEqual({ from: 'src/guide/what-is-ordo.md', to: 'guide/introduction/what-is-ordo.md', frontMatter: { sidebar_position: 1, sidebar_label: 'What is Ordo?', slug: '/guide/what-is-ordo', title: 'What is Ordo?' } });
    expect(page('guide/records/locking.md')).toEqual({ from: 'src/guide/records/locking.md', to: 'guide/records/locking.md', frontMatter: { sidebar_position: 1, sidebar_label: 'Locking', title: 'Locking' } });
    expect(page('about.md')).toEqual({ from: 'src/about.md', to: 'guide/about.md', frontMatter: { sidebar_position: 3, sidebar_label: 'About Ordo', slug: '/about', title: 'About' } });
    expect(page('api/users.md')?.frontMatter).toEqual({ sidebar_position: 2, sidebar_label: 'Users', slug: '/api/users', title: 'Users API' });
    expect(page('packages/cli/guide.md')).toEqual({ from: 'src/packages/cli/guide.md', to: 'packages/cli/guide.md', frontMatter: { slug: '/cli/', title: 'The CLI', sidebar_hidden: true } });
    expect(page('README.md')).toEqual({ from: 'src/README.md', to: 'README.md', frontMatter: { slug: '/README', title: 'Notes for contributors', sidebar_hidden: true } });
    expect(page('index.md')).toEqual({ from: 'src/index.md', to: 'index.md', frontMatter: { title: 'Ordo' } });
    expect(page('drafts/wip.md')).toBeUndefined();
  });

  it('copies public/ to static/ and images beside the pages, but not theme code', () => {
    expect(plan.files).toEqual([
      { from: 'src/guide/img/shot.png', to: 'content/guide/img/shot.png' },
      { from: 'src/public/favicon.ico', to: 'static/favicon.ico' },
      { from: 'src/public/logo.svg', to: 'static/logo.svg' },
    ]);
  });

  it('reports what it cannot carry at its file and line, in the config or the module it imports', () => {
    expect(problem(/imports "vitepress-plugin-mermaid"/)).toMatchObject({ file: '.vitepress/config.ts', line: 2 });
    expect(problem(/imports "markdown-it-footnote"/)).toMatchObject({ file: '.vitepress/config.ts', line: 3 });
    expect(plan.problems.some((p) => /imports "vitepress"/.test(p.message))).toBe(false);
    expect(problem(/<meta> tag/)).toMatchObject({ line: 17 });
    expect(problem(/logo is not carried/)).toMatchObject({ line: 22 });
    expect(problem(/Edit this page/)).toMatchObject({ line: 47 });
    expect(problem(/archiving, which is no page/)).toMatchObject({ file: '.vitepress/sidebar.ts', line: 19 });
    expect(problem(/"Status" leads to another site/)).toMatchObject({ file: '.vitepress/sidebar.ts', line: 23 });
    expect(problem(/layout: home/)).toMatchObject({ file: 'src/index.md', line: 1 });
    expect(problem(/code beside the pages/)).toMatchObject({ file: 'src/components/Badge.vue' });
  });

  it('leaves the home page out of the sidebar when themeConfig.sidebar does not name it', () => {
    expect(plan.config.docs).toEqual({ sidebar: { home: false } });
  });

  it('keeps the pages no sidebar lists out of the sidebar, as VitePress does, in one report line', () => {
    expect(plan.pages.filter((p) => p.frontMatter.sidebar_hidden).map((p) => p.from)).toEqual(['src/README.md', 'src/packages/cli/guide.md']);
    expect(problem(/2 page\(s\) that themeConfig\.sidebar does not list \(src\/README\.md, src\/packages\/cli\/guide\.md\) are kept out of the sidebar as in VitePress/)).toMatchObject({ file: 'src/README.md', line: 1 });
  });

  it('keeps the home page in the sidebar when the sidebar names it', async () => {
    const named = await readVitepress(site({
      '.vitepress/config.ts': "export default { themeConfig: { sidebar: [{ text: 'Start', link: '/' }, { text: 'A', link: '/a' }] } }\n",
      'index.md': '# Home\n',
      'a.md': '# A\n',
    }));
    expect(named.config.docs).toBeUndefined();
  });

  it('counts what it carried', () => {
    expect(plan.carried).toEqual({ rewrites: 1, title: 1, tagline: 1, 'site address': 1, favicon: 1, scripts: 1, 'navbar links': 3, 'footer links': 2, 'edit link': 1, 'search settings': 1, pages: 10, 'pages moved into their section (address kept)': 5, 'sidebar categories': 5, 'pages kept out of the sidebar, as themeConfig.sidebar leaves them out': 2, files: 3 });
  });
});

describe('VitePress configs in other shapes', () => {
  it('reads a single sidebar, a function export, rewrites given as a function, and a .mjs config', async () => {
    const dir = site({
      '.vitepress/config.mjs': "import { defineConfig } from 'vitepress'\nimport { readFileSync } from 'node:fs'\nexport default async () => defineConfig({ title: JSON.parse(readFileSync(new URL('./name.json', import.meta.url), 'utf8')).name, rewrites: (id) => id.replace(/^old\\//, ''), themeConfig: { sidebar: [{ text: 'Start', items: [{ text: 'Hi', link: '/hi' }] }], algolia: { appId: 'A', apiKey: 'k', indexName: 'i' } } })\n",
      '.vitepress/name.json': '{"name": "From JSON"}',
      'old/hi.md': '# Hi\n',
    });
    const plan = await readVitepress(dir);
    expect(plan.config).toMatchObject({ title: 'From JSON', baseUrl: '/', search: { provider: 'algolia', algolia: { appId: 'A', apiKey: 'k', indexName: 'i' } } });
    expect(plan.categories).toEqual([{ folder: 'old', label: 'Start', position: 1 }]);
    expect(plan.pages).toEqual([{ from: 'old/hi.md', to: 'old/hi.md', frontMatter: { sidebar_position: 1, sidebar_label: 'Hi', slug: '/hi', title: 'Hi' } }]);
  });

  it('says what cleanUrls: false needs of the host, and keeps unsafe links and an outside srcDir out', async () => {
    const plan = await readVitepress(site({
      '.vitepress/config.js': "export default {\n  title: 'T',\n  themeConfig: {\n    nav: [{ text: 'Bad', link: 'javascript:alert(1)' }, { text: 'Ok', link: '/a' }],\n    socialLinks: [{ icon: 'x', link: 'javascript:alert(1)' }],\n  },\n}\n",
      'a.md': '# A\n',
    }));
    expect(plan.problems).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/helpgen links them as \/a, served from the same a\.html/) }));
    expect(plan.config.navbar?.items).toEqual([{ type: 'default', position: 'left', label: 'Ok', to: '/a' }, { type: 'search', position: 'right' }]);
    expect(plan.config.footer).toBeUndefined();
    const outside = await readVitepress(site({ '.vitepress/config.mts': "export default { srcDir: '../..' }\n" }));
    expect(outside.pages).toEqual([]);
    expect(outside.problems).toEqual([expect.objectContaining({ file: '.vitepress/config.mts', line: 1, message: expect.stringMatching(/not a folder inside the source folder/) })]);
  });

  it('reads a config split into .vitepress/config/index.ts, and does not report VitePress\'s own imports', async () => {
    const plan = await readVitepress(site({
      '.vitepress/config/index.ts': "import { defineConfigWithTheme } from 'vitepress'\nimport type { DefaultTheme } from 'vitepress/theme'\nimport DefaultTheme2 from 'vitepress/theme'\nimport { en } from './en'\nexport default defineConfigWithTheme<DefaultTheme.Config>({ ...en, themeConfig: { theme: DefaultTheme2 } })\n",
      '.vitepress/config/en.ts': "export const en = { title: 'Split', description: 'In two files' }\n",
      'index.md': '# Home\n',
    }));
    expect(plan.config).toMatchObject({ title: 'Split', tagline: 'In two files' });
    expect(plan.problems.filter((p) => /imports/.test(p.message))).toEqual([]);
  });

  it('reports a config that does not compile at its line, and writes no pages', async () => {
    const plan = await readVitepress(site({ '.vitepress/config.ts': "export default {\n  title: 'x',,\n}\n", 'a.md': '# A\n' }));
    expect(plan.pages).toEqual([]);
    expect(plan.problems).toEqual([expect.objectContaining({ file: '.vitepress/config.ts', line: 2, message: expect.stringMatching(/cannot be read/) })]);
  });
});

describe('the Vue docs, whose VitePress config is not in the corpus', async () => {
  const plan = await readVitepress(VUE_DOCS);

  it('reads every page with VitePress defaults, names the site after its home page and says the config is missing', () => {
    expect(plan.carried.pages).toBe(119);
    expect(plan.config).toMatchObject({ title: 'Vue.js', tagline: 'The Progressive JavaScript Framework', baseUrl: '/', pageFiles: 'html' });
    expect(plan.pages.every((p) => p.to === p.from && p.frontMatter.slug === undefined)).toBe(true);
    expect(plan.problems[0]).toMatchObject({ file: '.vitepress/config.ts', message: expect.stringMatching(/no \.vitepress\/config.*the sidebar falls back to the folder order/) });
    // VitePress shows no sidebar without one; helpgen's, made from the folders, does not lead with the home page.
    expect(plan.config.docs).toEqual({ sidebar: { home: false } });
    expect(plan.problems).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/^\d+ page\(s\) import Vue components/) }));
    expect(() => validateConfig(plan.config, 'help.config.ts', { siteDir: mkdtempSync(join(tmpdir(), 'helpgen-site-')) })).not.toThrow();
  });
});
