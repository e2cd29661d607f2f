/**
 * A copy of `text` that does not keep the string it was cut from alive. V8 makes a substring of
 * 13 or more characters (a regular expression's match, a slice, a token an HTML tokenizer read)
 * a view into its parent, so a short string kept for the rest of a build can hold a whole page.
 * JSON.parse always builds a new string.
 */
export function ownCopy(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
