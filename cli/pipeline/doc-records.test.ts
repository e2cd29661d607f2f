import { describe, expect, it } from 'vitest';
import { extractRecords } from '../search/records.ts';
import { recordsFor, recordsFromBody } from './doc-records.ts';

const BODY = '<h1 id="billing">Billing</h1><p>Invoices every month.</p><h2 id="refunds">Refunds</h2><p>Five days.</p><ul><li>By card</li><li>By transfer</li></ul><h3 id="late">Late refunds</h3><table><tr><td>Card</td><td>5 days</td></tr></table><div class="doc-card-list"></div>';
const BEFORE = { href: '/support/guides/billing', title: 'Billing', section: 'Guides' };
const AFTER = { href: '/support/handbooks/billing', title: 'Billing and refunds', section: 'Handbooks' };

describe('a page kept with its records', () => {
  it('gives them relabelled exactly as they are made for the new address, title and section', () => {
    const kept = { fields: BEFORE, json: JSON.stringify(extractRecords({ ...BEFORE, html: BODY })) };
    const relabelled = recordsFor(kept, AFTER);
    // JSON, so the order of each record's keys counts too (the index files are JSON).
    expect(JSON.stringify(relabelled)).toBe(JSON.stringify(extractRecords({ ...AFTER, html: BODY })));
    expect(relabelled.some((record) => record.url === '/support/handbooks/billing#refunds')).toBe(true);
  });

  it('gives the same records when nothing changed', () => {
    const kept = { fields: BEFORE, json: JSON.stringify(extractRecords({ ...BEFORE, html: BODY })) };
    expect(JSON.stringify(recordsFor(kept, { ...BEFORE }))).toBe(kept.json);
  });

  it('makes the records of a page that kept none from its markdown alone, without its first heading when that is its title', () => {
    expect(recordsFromBody(BEFORE, BODY, false)).toEqual(extractRecords({ ...BEFORE, html: BODY.replace('<h1 id="billing">Billing</h1>', '') }));
  });
});
