// The not-found page: written as 404.html under the base path, where servers under the base
// look for it, and at the top of the output folder, where hosts serving the folder look.
import { posix } from 'node:path';
import type { NotFoundPageData } from '../../../shared/types.ts';
import { withBase } from '../../source/routes.ts';
import type { PageKind } from './page-kind.ts';

export const notFoundPageKind: PageKind<NotFoundPageData> = {
  kind: 'notFound',
  afterMarkdown: false,
  collect: ({ config }) => [
    { kind: 'notFound', route: withBase(config.baseUrl, '404.html'), href: withBase(config.baseUrl, '404.html'), title: 'Page Not Found', description: 'The page you were looking for does not exist.', noindex: true },
  ],
  outputPaths: (_page, base) => [posix.join(base, '404.html'), '404.html'],
  linkCheck: () => ({ links: [] }),
};
