// The modal footer: key hints, and who answers the search.
export function Footer({ provider }: { provider: 'local' | 'algolia' }) {
  return (
    <footer className="DocSearch-Footer">
      {provider === 'algolia' && (
        <div className="DocSearch-Logo">
          <a href="https://www.algolia.com/ref/docsearch/" target="_blank" rel="noopener noreferrer">
            <span className="DocSearch-Label">Search by</span> Algolia
          </a>
        </div>
      )}
      <ul className="DocSearch-Commands">
        <li>
          <kbd className="DocSearch-Commands-Key" aria-label="Enter key">↵</kbd>
          <span className="DocSearch-Label">to select</span>
        </li>
        <li>
          <kbd className="DocSearch-Commands-Key" aria-label="Arrow down">↓</kbd>
          <kbd className="DocSearch-Commands-Key" aria-label="Arrow up">↑</kbd>
          <span className="DocSearch-Label">to navigate</span>
        </li>
        <li>
          <kbd className="DocSearch-Commands-Key" aria-label="Escape key">esc</kbd>
          <span className="DocSearch-Label">to close</span>
        </li>
      </ul>
    </footer>
  );
}
