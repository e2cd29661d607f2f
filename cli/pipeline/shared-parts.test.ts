import { describe, expect, it } from 'vitest';
import { SharedParts, type RoutePair } from './shared-parts.ts';

/** A string equal to `text` but a separate copy, as structured clone brings it from a worker. */
const copy = (text: string) => Buffer.from(text).toString();

describe('SharedParts', () => {
  it('gives equal route pairs of different pages one array, and keeps each page its own list', () => {
    const parts = new SharedParts();
    const first: RoutePair[] = [['guide/a.md', '/support/guide/a'], ['gone.md', null]];
    const second: RoutePair[] = [['gone.md', null], ['guide/a.md', '/support/guide/a'], ['guide/a.md', '/support/guide/a-old']];
    expect(parts.routes(first)).toBe(first);
    parts.routes(second);
    expect(second[0]).toBe(first[1]);
    expect(second[1]).toBe(first[0]);
    // A path whose route differs (a page cached from an earlier build) keeps its own pair.
    expect(second[2]).not.toBe(first[0]);
    expect(JSON.stringify(second)).toBe('[["gone.md",null],["guide/a.md","/support/guide/a"],["guide/a.md","/support/guide/a-old"]]');
  });

  it('keeps links and ids as they were, their equal strings shared', () => {
    const parts = new SharedParts();
    const links = [{ href: copy('/support/a#x'), text: 'A', line: 3, column: 1 }, { href: copy('/support/a#x'), text: 'again' }];
    parts.links(links);
    expect(links).toEqual([{ href: '/support/a#x', text: 'A', line: 3, column: 1 }, { href: '/support/a#x', text: 'again' }]);
    const toc = [{ id: 'first-step', html: 'First step', level: 2 }];
    const anchors = parts.anchors(new Set([copy('title'), copy('first-step'), copy('footnote-1')]), toc);
    expect([...anchors]).toEqual(['title', 'first-step', 'footnote-1']);
  });
});
