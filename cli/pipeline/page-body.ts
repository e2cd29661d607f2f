// A doc page's body as pages and search records show it. Without a title in its front matter a
// page takes its title from the heading it starts with (see ../source/page-title.ts), which the
// template then shows in the page header: the body drops that heading so it is not shown twice.
// Shared by the build and its worker threads.
const LEADING_HEADING = /^\s*<h([1-6])[^>]*>[\s\S]*?<\/h\1>\s*/;

export function pageBody(html: string, hasExplicitTitle: boolean): string {
  return hasExplicitTitle ? html : html.replace(LEADING_HEADING, '');
}
