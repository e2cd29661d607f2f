// The accessible name of a sidebar category's caret, as Docusaurus words it. The templates
// render carets for the categories a page holds; the client adds them to the others.
export function caretLabel(expanded: boolean, label: string): string {
  return `${expanded ? 'Collapse' : 'Expand'} sidebar category '${label}'`;
}
