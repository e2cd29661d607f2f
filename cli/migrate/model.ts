// What `helpgen migrate` reads from another generator's site, before it writes a helpgen site.
// Each source generator has a reader (./docusaurus.ts, ./mkdocs.ts, ./vitepress.ts, ./mdbook.ts,
// ./jekyll.ts)
// that turns its config, sidebar and pages into a MigrationPlan; ./write.ts writes any plan the
// same way (help.config.ts, content/, _category_.json files, static/) and ./report.ts prints it.
// A reader never changes the source folder and never runs the source's plugins.
import type { UserConfig } from '../config/define.ts';

export type SourceGenerator = 'docusaurus' | 'mkdocs' | 'vitepress' | 'mdbook' | 'jekyll';

/** Something that could not be carried over: where it is written, and what the writer should do. */
export interface MigrationProblem {
  /** Path relative to the source folder: "docusaurus.config.js", "docs/intro.md". */
  file: string;
  line?: number;
  column?: number;
  /** What could not be carried over, in a sentence. */
  message: string;
  /** What to do instead, in a sentence. */
  fix: string;
}

/** A markdown page copied into the new site's content/. */
export interface PageCopy {
  /** Path relative to the source folder. */
  from: string;
  /** Path relative to the new site's content/ folder ("guides/install.md"). */
  to: string;
  /**
   * Front matter keys to set on the copy (existing keys of the page stay unless named here):
   * `slug` to keep the page's old URL, `sidebar_position` and `sidebar_label` from the source's
   * navigation, `title`, `redirect_from`.
   */
  frontMatter: Record<string, unknown>;
  /** The page's text when the reader writes it rather than copies `from` (a new home page); `from` then names what it replaces. */
  text?: string;
}

/** A `_category_.json` to write in a folder of content/ (the sidebar's order and labels). */
export interface CategoryFile {
  /** Folder relative to content/ ("guides"). */
  folder: string;
  label: string;
  position?: number;
  collapsed?: boolean;
  /** The category's own page (its path under content/ without extension) or generated index. */
  link?: { type: 'doc'; id: string } | { type: 'generated-index'; slug?: string; title?: string; description?: string };
}

/** Any other file copied as it is: images beside pages go to content/, site-wide files to static/. */
export interface FileCopy {
  from: string;
  /** Path relative to the new site folder ("content/img/a.png", "static/favicon.ico"). */
  to: string;
}

export interface MigrationPlan {
  generator: SourceGenerator;
  /** What help.config.ts will hold: title, tagline, url, baseUrl, favicon, logo, navbar, footer, redirects, editUrl, announcementBar, search. */
  config: UserConfig;
  pages: PageCopy[];
  categories: CategoryFile[];
  files: FileCopy[];
  /** What was carried over, counted for the report ("pages": 42, "navbar links": 3, "redirects": 7). */
  carried: Record<string, number>;
  problems: MigrationProblem[];
}
