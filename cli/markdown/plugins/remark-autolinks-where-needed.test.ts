import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { remarkAutolinksWhereNeeded } from './remark-autolinks-where-needed.ts';

// Bare URLs and emails in every place text can sit, next to near-misses the patterns reject.
const SAMPLE = `
Visit www.ordo.example or https://app.ordo.example/records?id=4 today. Write to help@ordo.example.

- A list item with *emphasis around https://docs.ordo.example/api.* and **bold mailto:ops@ordo.example**
  - nested: xmpp:team@chat.ordo.example/desk and foo@bar_ (not an email) and a@b.c-
> A quote with [a link to https://inside.example](https://target.example) and www.outside.example.

| Cell | Other |
| --- | --- |
| https://table.example/x | ~~struck www.gone.example~~ |

::note[see http://directive.example]

Not links: wwwexample.com, http//nope, email@, @handle, x@y, 1www.example.com.

Trailing punctuation: (https://paren.example/a_(b)). And https://end.example/path.

[ref]: https://ref.example
[A reference www.in-reference.example][ref]

\`inline code https://code.example\` and

    indented https://code.example
`;

function toTree(withPlugin: boolean) {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
  if (withPlugin) processor.use(remarkAutolinksWhereNeeded);
  return processor.runSync(processor.parse(SAMPLE));
}

describe('remarkAutolinksWhereNeeded', () => {
  it('gives the same tree as running the autolink transform on the whole page', () => {
    const scoped = toTree(true);
    expect(scoped).toEqual(toTree(false));
    // The sample does exercise the transform: bare URLs and emails became links.
    const urls = JSON.stringify(scoped).match(/"url":"[^"]+"/g) ?? [];
    expect(urls).toEqual(expect.arrayContaining(['"url":"http://www.ordo.example"', '"url":"mailto:help@ordo.example"', '"url":"https://table.example/x"', '"url":"http://directive.example"']));
  });

  it('wraps the transform remark-gfm registered', () => {
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkAutolinksWhereNeeded);
    processor.freeze();
    const extensions = (processor.data() as { fromMarkdownExtensions: unknown[] }).fromMarkdownExtensions.flat(2) as { enter?: object; transforms?: ((...args: unknown[]) => unknown)[] }[];
    const autolink = extensions.find((e) => e.enter && 'literalAutolink' in e.enter);
    expect(autolink?.transforms?.[0]?.name).not.toBe('transformGfmAutolinkLiterals');
  });
});
