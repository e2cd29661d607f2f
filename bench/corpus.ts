// Generates a realistic help-centre site (content/ + help.config.ts) of a given size from a
// seed: nested folders (one with a space in its name), _category_.json with generated-index
// links, front matter, h2/h3 sections, steps, tables, code fences, admonitions and relative
// cross-links whose #anchors exist, so the site builds with --strict and no warnings.
// Pages are sized like our real ones (REAL_PAGE_BYTES, measured from content/).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import GithubSlugger from 'github-slugger';
import { createRng, type Rng } from './prng.ts';
import { capitalize, description, randomTopic, taskHeading, title, type Topic } from './text.ts';
import { FUNCTIONS, KEYWORDS, TOPICS, TOPIC_QUALIFIERS } from './vocab.ts';
import type { Folder, PagePlan, Section } from './corpus-plan.ts';
import { renderPage } from './corpus-page.ts';

/**
 * Average size of a page in content/ (bytes of markdown incl. front matter) when the
 * benchmark was written: 28 pages, 147,722 bytes, 3.6 to 7.7 KB each. Generated pages aim
 * for the same mean and spread.
 */
export const REAL_PAGE_BYTES = { mean: 5276, min: 3616, max: 7729 };
// Checked again against the 161 committed pages (850 KB, 5.3 KB each): a generated 170-page
// site has about the same headings, code fences, steps and bullets; 60 % of the table rows and
// 85 % of the links; 2,700 distinct words where ours have 3,900 (hand-written text is richer).
// A cold build of either takes about the same time.

/**
 * The probe page: same path and same markdown at every size (its own seed, links only to
 * itself and to the intro page), so its page weight shows what grows with the site.
 */
const PROBE_FOLDER = 'cell types';
const PROBE_SLUG = 'date-cell';

const TARGET = { min: REAL_PAGE_BYTES.min - 400, max: REAL_PAGE_BYTES.max - 800 };

export interface Corpus {
  /** Each file's path under the site folder ("/" separators) and its text. */
  files: { path: string; contents: string }[];
  pages: number;
  folders: number;
  markdownBytes: number;
  /** Path under content/ of the probe page, and its route. */
  probe: { relPath: string; route: string };
}

/** Builds a site of about `pages` markdown pages in memory. Pure: the same options always give the same files. */
export function generateCorpus(options: { pages: number; seed: number }): Corpus {
  const rng = createRng(options.seed);
  const root = planFolders(rng.fork('folders'), options.pages);
  const all = flatten(root);
  assignPages(rng.fork('pages'), all, options.pages, createRng(options.seed ^ 0x5eed));
  const pages = all.flatMap((f) => f.pages);
  const intro = pages[0]!;
  const probe = pages.find((p) => p.probe)!;

  const files: Corpus['files'] = [];
  const linkRng = rng.fork('links');
  let markdownBytes = 0;
  for (const page of pages) {
    // The probe page draws from its own generator and links only to fixed pages.
    const contents = page.probe ? renderPage(createRng(options.seed ^ 0x9e3779b9), page, [page, intro], all, [intro, probe, intro]) : renderPage(linkRng, page, pages, all);
    markdownBytes += Buffer.byteLength(contents);
    files.push({ path: `content/${page.relPath}`, contents });
  }
  const slugs = new Set<string>();
  for (const folder of all) if (folder.dir) files.push({ path: `content/${folder.dir}/_category_.json`, contents: categoryJson(rng, folder, slugs) });
  files.push({ path: 'help.config.ts', contents: BENCH_CONFIG });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, pages: pages.length, folders: all.length - 1, markdownBytes, probe: { relPath: probe.relPath, route: '/support/' + probe.relPath.replace(/\.md$/, '') } };
}

/** Writes a corpus into siteDir, replacing what a previous run left there. */
export function writeCorpus(siteDir: string, corpus: Corpus): void {
  rmSync(join(siteDir, 'content'), { recursive: true, force: true });
  for (const file of corpus.files) {
    const target = join(siteDir, ...file.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
}

/** A minimal config like a small team would write: our base path, local search, a sidebar link. */
export const BENCH_CONFIG = `import { defineConfig } from 'helpgen/config';

export default defineConfig({
  title: 'Bench Help Center',
  tagline: 'Generated pages for the helpgen benchmark',
  product: { name: 'Ordo', slug: 'ordo' },
  url: 'https://bench.example',
  baseUrl: '/support/',
  navbar: {
    items: [
      { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },
      { type: 'search', position: 'right' },
    ],
  },
  search: { provider: 'local', maxResultsPerGroup: 5 },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
});
`;

// ---- folders ---------------------------------------------------------------------------

/** About 14 pages per folder, like our site; top-level sections grow with the square root. */
function planFolders(rng: Rng, pageCount: number): Folder {
  const folderCount = Math.max(6, Math.round(pageCount / 14));
  const topCount = Math.min(folderCount, Math.max(5, Math.round(Math.sqrt(folderCount) * 1.1)));
  const root: Folder = { dir: '', name: '', depth: 0, children: [], pages: [], position: 0 };
  const add = (parent: Folder, name: string): Folder => {
    const folder: Folder = { dir: parent.dir ? `${parent.dir}/${name}` : name, name, depth: parent.depth + 1, children: [], pages: [], position: 0 };
    parent.children.push(folder);
    return folder;
  };
  // Our "user-docs/templates/cell types": a name with a space, two levels down. Drawn first,
  // so its path is the same at every size (the probe page lives there).
  const first = add(root, folderName(rng, root));
  const templates = add(first, folderName(rng, first));
  add(templates, PROBE_FOLDER);
  for (let i = 1; i < topCount; i++) add(root, folderName(rng, root));
  let made = topCount + 2;
  const open = () => flatten(root).filter((f) => f.depth >= 1 && f.depth < 4);
  while (made < folderCount) {
    const candidates = open();
    // Prefer shallow parents: real sidebars are wide rather than deep.
    const parent = rng.chance(0.6) ? rng.pick(candidates.filter((f) => f.depth === 1)) : rng.pick(candidates);
    add(parent, folderName(rng, parent));
    made++;
  }
  return root;
}

function folderName(rng: Rng, parent: Folder): string {
  const taken = new Set(parent.children.map((c) => c.name));
  for (let attempt = 0; ; attempt++) {
    const topic = rng.pick(TOPICS);
    let name = attempt < 4 ? topic : `${topic}-${rng.pick(TOPIC_QUALIFIERS)}`;
    if (attempt > 20) name = `${name}-${attempt}`;
    // Root folder "category" would collide with the generated category pages' routes.
    if (!taken.has(name) && name !== 'category') return name;
  }
}

function flatten(folder: Folder): Folder[] {
  return [folder, ...folder.children.flatMap(flatten)];
}

// ---- pages -----------------------------------------------------------------------------

function assignPages(rng: Rng, folders: Folder[], pageCount: number, probeRng: Rng): void {
  const root = folders[0]!;
  root.pages.push(planPage(rng, root, 'intro', 1));
  const weights = folders.map((f) => (f.depth === 0 ? 0 : 0.5 + rng.next() * 1.5));
  const counts = folders.map((f): number => (f.depth === 0 ? 0 : 2));
  let remaining = pageCount - 1 - counts.reduce((a, b) => a + b, 0);
  const total = weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < folders.length && remaining > 0; i++) {
    const extra = Math.min(remaining, Math.floor((weights[i]! / total) * (pageCount - 1 - 2 * (folders.length - 1))));
    counts[i]! += extra;
    remaining -= extra;
  }
  for (let i = 1; remaining > 0; i = (i % (folders.length - 1)) + 1, remaining--) counts[i]!++;

  folders.forEach((folder, i) => {
    const slugs = new Set<string>();
    let position = 1;
    if (folder.name === PROBE_FOLDER && folder.depth === 3) {
      const probe = planPage(probeRng, folder, PROBE_SLUG, position++, 'Date cell');
      probe.probe = true;
      folder.pages.push(probe);
      slugs.add(PROBE_SLUG);
      counts[i]!--;
    }
    // A few folders have an index.md, like our formulas/index.md.
    if (folder.depth > 0 && rng.chance(0.05)) {
      folder.pages.push(planPage(rng, folder, 'index', position++));
      slugs.add('index');
      counts[i]!--;
    }
    for (let n = 0; n < counts[i]!; n++) {
      const page = planPage(rng, folder, '', position++);
      let slug = new GithubSlugger().slug(page.title);
      for (let k = 2; slugs.has(slug); k++) slug = `${new GithubSlugger().slug(page.title)}-${k}`;
      slugs.add(slug);
      page.relPath = folder.dir ? `${folder.dir}/${slug}.md` : `${slug}.md`;
      folder.pages.push(page);
    }
    // Sub-folders come after the folder's own pages in the sidebar.
    folder.children.forEach((child, k) => {
      child.position = position + k;
    });
  });
}

/**
 * Our pages come in two shapes (content/STYLE.md): task pages (steps, a settings table,
 * troubleshooting) and reference pages like the function pages (syntax, argument and
 * example tables, notes full of links), which are about half of our site.
 */
function planPage(rng: Rng, folder: Folder, fixedSlug: string, position: number, fixedTitle?: string): PagePlan {
  const topic = randomTopic(rng);
  if (!fixedSlug && !fixedTitle && rng.chance(0.45)) return planReferencePage(rng, folder, topic, position);
  const pageTitle = fixedTitle ?? (fixedSlug === 'intro' ? 'Welcome to the help center' : title(rng, topic));
  const sections: Section[] = [{ heading: '', level: 2, kind: 'intro' }];
  if (rng.chance(0.7)) sections.push({ heading: 'Who can do this', level: 2, kind: 'who' });
  const taskCount = rng.int(1, 3);
  for (let i = 0; i < taskCount; i++) {
    sections.push({ heading: taskHeading(rng, topic), level: 2, kind: 'task' });
    if (rng.chance(0.25)) sections.push({ heading: taskHeading(rng, topic), level: 3, kind: 'sub' });
  }
  if (rng.chance(0.8)) sections.push({ heading: rng.pick(['Settings', 'What it changes', 'Permissions', 'Limits by plan']), level: 2, kind: 'reference' });
  if (rng.chance(0.35)) sections.push({ heading: rng.pick(['Use the REST API', 'Automate it', 'Example request']), level: 2, kind: 'code' });
  if (rng.chance(0.5)) sections.push({ heading: 'Limits', level: 2, kind: 'note' });
  if (rng.chance(0.5)) {
    sections.push({ heading: 'Troubleshooting', level: 2, kind: 'troubleshoot' });
    for (let i = rng.int(1, 2); i > 0; i--) sections.push({ heading: `The ${rng.pick(['button', 'option', 'menu item', 'cell', 'tab'])} ${rng.pick(['is missing', 'is greyed out', 'shows an error', 'does nothing'])} ${rng.pick(['here', 'on mobile', 'for some members', 'after an import'])}`, level: 3, kind: 'sub' });
  }
  sections.push({ heading: 'Related pages', level: 2, kind: 'related' });
  return pagePlan(rng, folder, fixedSlug, position, topic, pageTitle, sections);
}

function planReferencePage(rng: Rng, folder: Folder, topic: Topic, position: number): PagePlan {
  const sections: Section[] = [
    { heading: '', level: 2, kind: 'intro' },
    { heading: 'Syntax', level: 2, kind: 'syntax' },
    { heading: 'Arguments', level: 2, kind: 'args' },
    { heading: 'Returns', level: 2, kind: 'returns' },
    { heading: 'Examples', level: 2, kind: 'examples' },
    { heading: 'Notes', level: 2, kind: 'notes' },
    { heading: 'Related functions', level: 2, kind: 'related' },
  ];
  return pagePlan(rng, folder, '', position, topic, rng.pick(FUNCTIONS), sections);
}

function pagePlan(rng: Rng, folder: Folder, fixedSlug: string, position: number, topic: Topic, pageTitle: string, sections: Section[]): PagePlan {
  const slugger = new GithubSlugger();
  const anchors = sections.filter((s) => s.heading).map((s) => slugger.slug(s.heading));
  return {
    relPath: fixedSlug ? (folder.dir ? `${folder.dir}/${fixedSlug}.md` : `${fixedSlug}.md`) : '',
    dir: folder.dir,
    topic,
    title: pageTitle,
    description: description(rng, topic),
    keywords: rng.sample(KEYWORDS, rng.int(3, 6)),
    position,
    sections,
    anchors,
    // Padding overshoots by about half a paragraph, so aim a little under the real spread.
    targetBytes: Math.round(TARGET.min + ((rng.next() + rng.next()) / 2) * (TARGET.max - TARGET.min)),
  };
}

function categoryJson(rng: Rng, folder: Folder, slugs: Set<string>): string {
  const label = capitalize(folder.name.replace(/-/g, ' '));
  let slug = new GithubSlugger().slug(folder.dir.replace(/\//g, ' '));
  for (let k = 2; slugs.has(slug); k++) slug = `${slug}-${k}`;
  slugs.add(slug);
  return (
    JSON.stringify(
      {
        label,
        position: folder.position,
        // Top-level sections open, deeper ones closed: a sidebar a reader can scan.
        collapsed: folder.depth > 1,
        link: { type: 'generated-index', slug: `/category/${slug}`, description: description(rng, randomTopic(rng)) },
      },
      null,
      2,
    ) + '\n'
  );
}
