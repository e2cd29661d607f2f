// The navbar search button. The shortcut hint depends on the reader's platform, which only the
// browser knows, so the server renders fixed-width empty key slots and the client fills them
// (client/search/button.ts, plain DOM: no layout shift, no React). Clicking or the shortcut
// opens the search modal, whose code loads on the first intent (client/search/index.ts).
// The key glyphs are drawn by CSS from data-key (content: attr(data-key)), not written as text:
// the button's visible text is then just its label, which its name "Search (Ctrl+K)" starts
// with (WCAG 2.5.3, label in name); the hint is in the name's parenthesis instead.
export function SearchButton({ label }: { label: string }) {
  return (
    <button type="button" className="DocSearch DocSearch-Button" aria-label={label}>
      <span className="DocSearch-Button-Container">
        <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 113.733 3.733a7.533 7.533 0 0110.653 10.653z" stroke="currentColor" fill="none" fillRule="evenodd" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="DocSearch-Button-Placeholder">{label}</span>
      </span>
      <span className="DocSearch-Button-Keys" aria-hidden="true">
        <kbd className="DocSearch-Button-Key" />
        <kbd className="DocSearch-Button-Key" />
      </span>
    </button>
  );
}
