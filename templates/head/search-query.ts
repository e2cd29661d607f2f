// Runs on the search page right after its results island is parsed, before the first paint:
// the page is static, so the server wrote "Search the documentation" and an empty box; this
// puts the query of the address (?q=) in the heading and the box at once, instead of when the
// results code (React) arrives seconds later on a slow phone, which also made the changed
// heading the page's largest paint. It notes the query on the island (data-query), whose first
// render in the browser starts from it, so hydration finds the text it renders.
import { scriptJson } from './script-json.ts';

export const MAX_SEARCH_QUERY_LENGTH = 64;

/** The search page's heading for a query (the island renders the same). */
export function searchHeading(query: string): string {
  return query ? `Search results for "${query}"` : 'Search the documentation';
}

export function searchQueryScript(): string {
  // The heading around the query, from the same function the island renders with.
  const [before, after] = searchHeading('\u0000').split('\u0000');
  return (
    `(function(){var q=(new URLSearchParams(location.search).get('q')||'').slice(0,${MAX_SEARCH_QUERY_LENGTH});` +
    `var b=document.querySelector('.search-page__body');if(!q||!b)return;b.setAttribute('data-query',q);` +
    `var h=b.querySelector('h1'),i=b.querySelector('#search-page-input'),r=b.querySelector('.search-page__reset');` +
    `if(h)h.textContent=${scriptJson(before)}+q+${scriptJson(after)};if(i)i.value=q;if(r)r.hidden=false})();`
  );
}
