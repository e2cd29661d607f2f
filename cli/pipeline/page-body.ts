// A doc page's body as pages and search records show it. Without a title in its front matter a
// page takes its title from its first h1, which the template then shows in the page header:
// the body drops that h1 so it is not shown twice. Shared by the build and its worker threads.
const LEADING_H1 = /^\s*<h1[^>]*>[\s\S]*?<\/h1>\s*/;

export function pageBody(html: string, hasExplicitTitle: boolean): string {
  return hasExplicitTitle ? html : html.replace(LEADING_H1, '');
}
