// What to do about two files that claim one route, said for the files at hand: a writer fixes a
// _category_.json in it, not in front matter, and a README.md beside a page of the same name
// is usually a note for people browsing the repository, best left out of the site.
import { posix } from 'node:path';

/** A file that claims a route: a page (its path under content/) or a category's _category_.json. */
export interface RouteClaimant {
  kind: 'page' | 'category';
  /** content/… as shown in messages. */
  displayPath: string;
}

const underContent = (displayPath: string) => displayPath.replace(/^content\//, '');
const isReadme = (claimant: RouteClaimant) => claimant.kind === 'page' && posix.basename(claimant.displayPath) === 'README.md';

/** The hint of a duplicate-route error between `first` and `second`. */
export function duplicateRouteHint(first: RouteClaimant, second: RouteClaimant): string {
  const readme = [first, second].find(isReadme);
  if (readme) {
    const other = readme === first ? second : first;
    return (
      `${readme.displayPath} is the page of its folder, the same address as ${other.displayPath}. ` +
      `To keep the README out of the site, add "${underContent(readme.displayPath)}" to docs.exclude in help.config.ts; ` +
      'to publish both, give one of them "slug:" in its front matter.'
    );
  }
  if (first.kind === 'category' && second.kind === 'category') {
    return (
      'Both categories get their generated index page from their label. Set "link": {"type": "generated-index", "slug": "/category/…"} ' +
      `with a slug of its own in ${first.displayPath} or ${second.displayPath}, or give one of them another "label".`
    );
  }
  const fixes = [first, second].map((claimant) =>
    claimant.kind === 'category' ? `"link.slug" in ${claimant.displayPath}` : `a different file name or "slug:" in the front matter of ${claimant.displayPath}`,
  );
  return `Give one of them a new address: ${fixes.join(', or ')}.`;
}
