// The ids a built page really has, read from its HTML with htmlparser2's tokenizer: the link
// check verifies every #fragment against these, not against what the markdown stage meant to
// write (a heading moved into the page header once lost its id while the check still knew it).
// An old style <a name="…"> counts too: browsers scroll to it for #… as they do to an id.
import { Parser } from 'htmlparser2';

export function idsInHtml(html: string, extra: Iterable<string> = []): Set<string> {
  const ids = new Set<string>(extra);
  if (!html.includes('id=') && !html.includes('name=')) return ids;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id) ids.add(attributes.id);
        if (name === 'a' && attributes.name) ids.add(attributes.name);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return ids;
}
