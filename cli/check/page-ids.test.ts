import { describe, expect, it } from 'vitest';
import { idsInHtml } from './page-ids.ts';

describe('idsInHtml', () => {
  it('reads ids and <a name> from tags, not from text or code that shows them', () => {
    const html =
      '<h2 id="lock">Lock</h2><p>Write id="not-an-id" in <code>&#x3C;div id="nor-this"></code>.</p>' +
      '<a name="old"></a><span name="no"></span><div title="a>b" id="after-gt"></div><p id="amp&#x26;quote&#x22;">x</p>';
    expect([...idsInHtml(html, ['title'])].sort()).toEqual(['after-gt', 'amp&quote"', 'lock', 'old', 'title']);
  });
});
