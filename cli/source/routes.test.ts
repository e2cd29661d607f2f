import { describe, expect, it } from 'vitest';
import { docRoute, hrefToRoute, routeKey, routeToHref, routeToOutputFile } from './routes.ts';

describe('routes', () => {
  it('maps content paths to routes under the base path', () => {
    expect(docRoute('/support/', 'user-docs/records/locking')).toBe('/support/user-docs/records/locking');
    expect(docRoute('/support/', 'user-docs/templates/formulas/index')).toBe('/support/user-docs/templates/formulas/');
    expect(docRoute('/support/', 'intro', '/')).toBe('/support/');
    expect(docRoute('/support/', 'guides/start', 'begin')).toBe('/support/guides/begin');
    expect(docRoute('/support/', 'guides/start', '/elsewhere/x')).toBe('/support/elsewhere/x');
  });

  it('encodes a folder name with a space in hrefs and decodes it on disk', () => {
    const route = docRoute('/support/', 'user-docs/templates/cell types/date-cell');
    expect(route).toBe('/support/user-docs/templates/cell types/date-cell');
    expect(routeToHref(route)).toBe('/support/user-docs/templates/cell%20types/date-cell');
    expect(hrefToRoute('/support/user-docs/templates/cell%20types/date-cell')).toBe(route);
    expect(routeToOutputFile(route)).toBe('support/user-docs/templates/cell types/date-cell/index.html');
  });

  it('keys routes without trailing slashes', () => {
    expect(routeKey('/support/')).toBe('/support');
    expect(routeKey('/support/a/')).toBe('/support/a');
    expect(routeToOutputFile('/support/')).toBe('support/index.html');
    expect(hrefToRoute('/bad%')).toBeUndefined();
  });
});
