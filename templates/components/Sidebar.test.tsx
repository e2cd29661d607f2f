import { describe, expect, it, vi } from 'vitest';
import type { SidebarItem } from '../../shared/types.ts';

// Counts the template renders the sidebar asks React for, and passes each through.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('react-dom/server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-dom/server')>();
  return {
    ...actual,
    renderToStaticMarkup: (...args: Parameters<typeof actual.renderToStaticMarkup>) => {
      renders.count++;
      return actual.renderToStaticMarkup(...args);
    },
  };
});

const { renderToStaticMarkup } = await import('react-dom/server');
const { Sidebar, sidebarFragmentHtml } = await import('./Sidebar.tsx');

const doc = (label: string, href: string): SidebarItem => ({ type: 'doc', id: href.slice(1, -1), label, href });

/** Four levels of categories, each with a few pages beside the next level, and categories off the branch. */
function deepSidebar(): SidebarItem[] {
  const level = (depth: number, base: string): SidebarItem[] => [
    ...['a', 'b', 'c'].map((name) => doc(`Page ${name} <${depth}>`, `${base}/${name}/`)),
    { type: 'category', label: `Closed ${depth}`, href: `${base}/closed/`, collapsed: true, items: [doc('Inside', `${base}/closed/inside/`)] },
    { type: 'category', label: `Open & ${depth}`, collapsed: false, items: [doc('Open page', `${base}/open/page/`)] },
    ...(depth < 4 ? [{ type: 'category', label: `Level ${depth + 1}`, href: `${base}/l${depth + 1}/`, collapsed: true, items: level(depth + 1, `${base}/l${depth + 1}`) } as SidebarItem] : []),
  ];
  return level(1, '/docs');
}

const sidebarOf = (items: SidebarItem[], href: string) => renderToStaticMarkup(<Sidebar items={items} activeHref={href} />);

describe('Sidebar', () => {
  it('renders a page deep in the sidebar with one template render for its own link, not one per category on its branch', () => {
    const items = deepSidebar();
    sidebarOf(items, '/docs/l2/l3/l4/a/'); // renders the lists and the categories around the branch once
    renders.count = 0;
    const html = sidebarOf(items, '/docs/l2/l3/l4/b/');
    // The page's Sidebar itself, and its own link.
    expect(renders.count).toBe(2);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain('<a class="menu__link menu__link--active" href="/docs/l2/l3/l4/b/" aria-current="page">');
    // The three categories on its branch are open and marked active; the rest keep their state.
    expect(html.match(/menu__link--sublist menu__link--active/g)).toHaveLength(3);
    expect(html).toContain('<a class="menu__link" href="/docs/l2/l3/l4/a/">');
    expect(html).toContain('data-sidebar-key="3">'); // the first level's closed category, left for the client to fill
    // The same sidebar as one rendered for this page alone, with nothing rendered before it.
    expect(html).toBe(sidebarOf(deepSidebar(), '/docs/l2/l3/l4/b/'));
    for (const href of ['/docs/a/', '/docs/l2/closed/inside/', '/docs/l2/l3/open/page/', '/docs/l2/l3/l4/']) expect(sidebarOf(items, href)).toBe(sidebarOf(deepSidebar(), href));
    expect(sidebarFragmentHtml(items)).toBe(sidebarFragmentHtml(deepSidebar()));
  });

  it('marks a page that is also a category index as the category, with its list open, in one template render', () => {
    const items = deepSidebar();
    sidebarOf(items, '/docs/l2/a/');
    sidebarOf(items, '/docs/l2/l3/l4/a/');
    renders.count = 0;
    const html = sidebarOf(items, '/docs/l2/l3/');
    expect(renders.count).toBe(2);
    expect(html).toContain('<a class="menu__link menu__link--sublist menu__link--active" href="/docs/l2/l3/" aria-current="page">Level 3</a>');
    expect(html).toContain('href="/docs/l2/l3/l4/"'); // its own list, with the next level's closed category in it
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toBe(sidebarOf(deepSidebar(), '/docs/l2/l3/'));
  });
});
