import { describe, expect, it } from 'vitest';
import { suggestRoute } from './suggest.ts';

const routes = [
  '/support',
  '/support/user-docs/records/locking',
  '/support/user-docs/records/editing',
  '/support/user-docs/records/versions',
  '/support/integrations/api',
  '/support/integrations/zapier',
  '/support/guides/setup',
];

describe('did you mean', () => {
  it('suggests the page a typo in the last segment meant', () => {
    expect(suggestRoute('/support/user-docs/records/lockng', routes)).toBe('/support/user-docs/records/locking');
    expect(suggestRoute('/support/integrations/apii', routes)).toBe('/support/integrations/api');
    expect(suggestRoute('/support/user-docs/records/verisons', routes)).toBe('/support/user-docs/records/versions');
  });

  it('reads a broken .md link as the page it names', () => {
    expect(suggestRoute('/support/user-docs/records/lockng.md', routes)).toBe('/support/user-docs/records/locking');
  });

  it('suggests a page that moved to another folder', () => {
    expect(suggestRoute('/support/user-docs/locking', routes)).toBe('/support/user-docs/records/locking');
  });

  it('suggests nothing for an unrelated name, however long the shared folder path', () => {
    expect(suggestRoute('/support/user-docs/records/nope.md', routes)).toBeUndefined();
    expect(suggestRoute('/support/user-docs/records/archive', routes)).toBeUndefined();
    expect(suggestRoute('/support/integrations/make', routes)).toBeUndefined();
  });

  it('prefers the same folder between equally close names', () => {
    expect(suggestRoute('/support/guides/seetup', [...routes, '/support/admin/setup'])).toBe('/support/guides/setup');
  });

  it('works for anchors', () => {
    expect(suggestRoute('instal', ['install', 'overview'])).toBe('install');
    expect(suggestRoute('lock-a-recrod', ['lock-a-record', 'unlock-a-record'])).toBe('lock-a-record');
    expect(suggestRoute('nope', ['lock-a-record', 'overview'])).toBeUndefined();
  });
});
