// The address of a page's markdown twin: the page address with ".md" added, as llmstxt.org
// proposes ("/support/guides/start" → "/support/guides/start.md"). An address ending in "/"
// (the home page) gets "index.md" ("/support/index.md"), not llmstxt's "index.html.md": the
// spec redirects paths ending in ".html", and ".md" names stay clear of that rule.
export function markdownTwinHref(href: string): string {
  const [path, rest = ''] = href.split(/(?=[?#])/);
  return (path!.endsWith('/') ? `${path}index.md` : `${path}.md`) + rest;
}
