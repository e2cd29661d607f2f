// The search page body. Server-rendered as an empty search form; the search feature
// (client/search) replaces this with live results when it hydrates.
export interface SearchPageResultsProps {
  /** Top-level sections, for the section filter. */
  sections: string[];
}

export function SearchPageResults(_props: SearchPageResultsProps) {
  return (
    <div className="search-page__body">
      <h1>Search the documentation</h1>
      <form className="search-page__form" role="search" action="" method="get">
        <label htmlFor="search-page-input" className="visually-hidden">
          Search docs
        </label>
        <input id="search-page-input" className="search-page__input" type="search" name="q" placeholder="Search docs" maxLength={64} autoComplete="off" />
      </form>
    </div>
  );
}
