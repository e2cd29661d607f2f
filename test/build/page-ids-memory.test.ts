// The link check keeps every page's ids through the page phase (and a doc page keeps the id of
// its title heading): ids cut out of a page's HTML must not keep that HTML alive. V8 makes a
// substring of 13 or more characters a view into the string it was cut from, so an id read with
// a regular expression held its whole page body (at 8,500 pages ~100 MB of bodies the build had
// already spilled to disk). Read from a heap snapshot, which collects all garbage first.
import { describe, expect, it } from 'vitest';
import { idsInHtml } from '../../cli/check/page-ids.ts';
import { titleHeadingId } from '../../cli/pipeline/page-body.ts';
import { liveStringsStartingWith } from '../helpers/heap.ts';

describe('ids read from a page', () => {
  it("keep no page's HTML alive", async () => {
    // Built at run time (no copy of it is a constant of this file), and found by how it starts.
    const marker = `<a name="page-ids-test-${process.pid}"></a>`;
    let html: string | undefined = `${marker}<h1 id="a-heading-id-longer-than-a-slice">Title</h1>${'<p>Text.</p>'.repeat(100_000)}<h2 id="another-id-longer-than-a-slice">Next</h2>`;
    const ids = idsInHtml(html);
    const titleId = titleHeadingId(html, false);
    html = undefined;
    // The last string a regular expression searched stays reachable (as RegExp.input): search another.
    /x/.test('x');
    const alive = await liveStringsStartingWith(marker);
    expect([...ids, titleId]).toEqual([`page-ids-test-${process.pid}`, 'a-heading-id-longer-than-a-slice', 'another-id-longer-than-a-slice', 'a-heading-id-longer-than-a-slice']);
    expect(alive).toEqual([]);
  });
});
