// Turns a source generator's navigation tree (MkDocs `nav:`, VitePress `themeConfig.sidebar`)
// into helpgen's: a sidebar is the content/ folder tree, ordered by `sidebar_position` and
// `_category_.json`. Each section of the tree becomes a folder with a category file; a page
// stays where it is when its folder is the section's folder, and moves into it otherwise,
// keeping its old address through a front matter `slug`.
import { posix } from 'node:path';
import type { CategoryFile, PageCopy } from './model.ts';

export type NavNode =
  | { kind: 'page'; source: string; label?: string }
  | { kind: 'section'; label: string; children: NavNode[]; collapsed?: boolean; page?: string }
  | { kind: 'link'; label: string; href: string };

export interface PlacementInput {
  tree: NavNode[];
  /** Every page of the source: path relative to the docs folder → its address without the base path ("/guide/a/"). */
  urls: Map<string, string>;
  /** The address helpgen gives a content/ path, without the base path, in the shape `urls` uses. */
  helpgenUrl: (to: string) => string;
}

export interface Placement {
  pages: Map<string, { to: string; frontMatter: Record<string, unknown> }>;
  categories: CategoryFile[];
  /** Links to other sites the tree holds, which a helpgen sidebar cannot. */
  links: { label: string; href: string }[];
  /** Pages named twice: the second mention, which the sidebar drops. */
  repeated: string[];
}

/** Places every page of the tree; pages outside it are left for the caller. */
export function placeNavTree(input: PlacementInput): Placement {
  const state: Placement & { usedTo: Set<string>; claimed: Set<string> } = {
    pages: new Map(),
    categories: [],
    links: [],
    repeated: [],
    usedTo: new Set(),
    claimed: new Set(),
  };
  // Pages outside the tree keep their paths: reserve them so a moved page never lands on one.
  const inTree = new Set(pagesOf(input.tree));
  for (const source of input.urls.keys()) if (!inTree.has(source)) state.usedTo.add(source);
  placeLevel(input.tree, '', state, input);
  return { pages: state.pages, categories: state.categories, links: state.links, repeated: state.repeated };
}

type State = Placement & { usedTo: Set<string>; claimed: Set<string> };

function placeLevel(nodes: NavNode[], folder: string, state: State, input: PlacementInput): void {
  let position = 0;
  for (const node of nodes) {
    if (node.kind === 'link') {
      state.links.push({ label: node.label, href: node.href });
      continue;
    }
    if (node.kind === 'page') {
      if (state.pages.has(node.source) || !input.urls.has(node.source)) {
        if (state.pages.has(node.source)) state.repeated.push(node.source);
        continue;
      }
      position += 1;
      placePage(node.source, folder, { sidebar_position: position, ...(node.label ? { sidebar_label: node.label } : {}) }, state, input);
      continue;
    }
    const sectionPages = pagesOf(node.children).concat(node.page ? [node.page] : []).filter((p) => input.urls.has(p) && !state.pages.has(p));
    if (sectionPages.length === 0) continue;
    position += 1;
    const sectionFolder = folderFor(node.label, sectionPages, folder, state);
    state.claimed.add(sectionFolder);
    const category: CategoryFile = { folder: sectionFolder, label: node.label, position };
    if (node.collapsed !== undefined) category.collapsed = node.collapsed;
    if (node.page && input.urls.has(node.page) && !state.pages.has(node.page)) {
      const to = placePage(node.page, sectionFolder, {}, state, input);
      category.link = { type: 'doc', id: to.replace(/\.md$/, '') };
    }
    state.categories.push(category);
    placeLevel(node.children, sectionFolder, state, input);
  }
}

/** The section's folder: the one its pages share when no other section has it, else one named after it. */
function folderFor(label: string, pages: string[], parent: string, state: State): string {
  const shared = commonFolder(pages);
  // Only a folder right inside the parent's sits at the same depth in helpgen's sidebar.
  const rest = parent === '' ? shared : shared.startsWith(`${parent}/`) ? shared.slice(parent.length + 1) : '';
  const inside = rest !== '' && !rest.includes('/');
  if (inside && !state.claimed.has(shared)) return shared;
  const base = slugOf(label) || 'section';
  let candidate = parent ? `${parent}/${base}` : base;
  for (let n = 2; state.claimed.has(candidate); n += 1) candidate = parent ? `${parent}/${base}-${n}` : `${base}-${n}`;
  return candidate;
}

function placePage(source: string, folder: string, frontMatter: Record<string, unknown>, state: State, input: PlacementInput): string {
  const dir = posix.dirname(source) === '.' ? '' : posix.dirname(source);
  let to = source;
  if (dir !== folder) {
    const name = posix.basename(source);
    to = folder ? `${folder}/${name}` : name;
    for (let n = 2; state.usedTo.has(to); n += 1) to = posix.join(folder, `${name.replace(/\.md$/, '')}-${n}.md`);
  }
  state.usedTo.add(to);
  const url = input.urls.get(source)!;
  const slug = input.helpgenUrl(to) === url ? {} : { slug: url };
  state.pages.set(source, { to, frontMatter: { ...frontMatter, ...slug } });
  return to;
}

/** Every page the tree names, sections' own pages included. */
export function pagesOf(nodes: NavNode[]): string[] {
  return nodes.flatMap((node) => {
    if (node.kind === 'page') return [node.source];
    if (node.kind === 'section') return (node.page ? [node.page] : []).concat(pagesOf(node.children));
    return [];
  });
}

/** The deepest folder every page lies in ("" for the top). */
export function commonFolder(pages: string[]): string {
  const dirs = pages.map((p) => posix.dirname(p).split('/').filter((s) => s !== '.'));
  const first = dirs[0] ?? [];
  let depth = 0;
  while (depth < first.length && dirs.every((d) => d[depth] === first[depth])) depth += 1;
  return first.slice(0, depth).join('/');
}

export function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Page copies in a stable order: those the tree placed, then the rest where they are. */
export function pageCopies(sourcePrefix: string, input: PlacementInput, placement: Placement): PageCopy[] {
  return [...input.urls.keys()].sort().map((source) => {
    const placed = placement.pages.get(source);
    const url = input.urls.get(source)!;
    // A page outside the tree stays where it is; a slug keeps its address where helpgen's differs.
    const frontMatter = placed?.frontMatter ?? (input.helpgenUrl(source) === url ? {} : { slug: url });
    return { from: sourcePrefix ? `${sourcePrefix}/${source}` : source, to: placed?.to ?? source, frontMatter };
  });
}

/**
 * How many pages sit in another folder than in the source. Their relative links and images
 * were written from the old folder: the writer rewrites them from `from` to `to`.
 */
export function movedPages(plan: { pages: PageCopy[] }, sourcePrefix: string): number {
  const dirOf = (path: string) => posix.dirname(path);
  return plan.pages.filter((page) => dirOf(sourcePrefix ? page.from.slice(sourcePrefix.length + 1) : page.from) !== dirOf(page.to)).length;
}
