import { describe, expect, it } from 'vitest';
import { idsInHtml } from './page-ids.ts';
import { titleHeadingId } from '../pipeline/page-body.ts';
import { liveStringsStartingWith } from '../../test/helpers/heap.ts';

describe('idsInHtml', () => {
  it('reads ids and <a name> from tags, not from text or code that shows them', () => {
    const html =
      '<h2 id="lock">Lock</h2><p>Write id="not-an-id" in <code>&#x3C;div id="nor-this"></code>.</p>' +
      '<a name="old"></a><span name="no"></span><div title="a>b" id="after-gt"></div><p id="amp&#x26;quote&#x22;">x</p>';
    expect([...idsInHtml(html, ['title'])].sort()).toEqual(['after-gt', 'amp&quote"', 'lock', 'old', 'title']);
  });

  it("keeps no page's HTML alive through the ids read from it (the link check holds every page's ids)", async () => {
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
