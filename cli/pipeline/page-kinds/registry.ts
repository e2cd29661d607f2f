// Stage 3 of a compile (../site-build.ts): every kind of page the build writes, each collecting
// its pages' data, in the order their pages are rendered and listed (the sitemap follows it). A new kind of page: a file beside this one, and its line here.
import type { PageData } from '../../../shared/types.ts';
import type { PageKind } from './page-kind.ts';
import { docPageKind } from './doc.ts';
import { categoryPageKind } from './category.ts';
import { searchPageKind } from './search.ts';
import { notFoundPageKind } from './not-found.ts';

export const PAGE_KINDS: readonly PageKind[] = [docPageKind, categoryPageKind, searchPageKind, notFoundPageKind] as PageKind[];

const byKind = new Map(PAGE_KINDS.map((kind) => [kind.kind, kind]));

/** The kind a page belongs to. */
export function kindOf(page: PageData): PageKind {
  return byKind.get(page.kind)!;
}
