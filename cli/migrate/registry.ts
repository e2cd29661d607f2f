// The source generators `helpgen migrate` reads: how to recognise each one's site from its files,
// and the reader that turns it into a MigrationPlan. A new generator is one entry here.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationPlan, SourceGenerator } from './model.ts';

export interface SourceReader {
  /** What the generator's site has that the others do not ("mkdocs.yml"), for messages. */
  signature: string;
  /** Whether the folder holds a site of this generator. */
  detect(sourceDir: string): boolean;
  read(sourceDir: string): Promise<MigrationPlan>;
  /** The folder the site is in, when detect() found it in a subfolder of the one given (VitePress's docs/). */
  siteRoot?(sourceDir: string): string;
}

/** Whether the folder holds a file named `base` with one of these extensions. */
function hasConfig(dir: string, base: string, extensions: string[]): boolean {
  return extensions.some((ext) => existsSync(join(dir, `${base}.${ext}`)));
}

function vitepressConfigIn(siteDir: string): boolean {
  const dir = join(siteDir, '.vitepress');
  return existsSync(dir) && readdirSync(dir).some((name) => /^config\.(?:[cm]?[jt]s)$/.test(name) || name === 'config');
}

/** A VitePress site is in the folder given or, as `vitepress build docs` has it, in its docs/. */
export function hasVitepressConfig(sourceDir: string): boolean {
  return vitepressConfigIn(sourceDir) || vitepressConfigIn(join(sourceDir, 'docs'));
}

function vitepressRoot(sourceDir: string): string {
  return !vitepressConfigIn(sourceDir) && vitepressConfigIn(join(sourceDir, 'docs')) ? join(sourceDir, 'docs') : sourceDir;
}

export const readers: Record<SourceGenerator, SourceReader> = {
  docusaurus: {
    signature: 'docusaurus.config.{js,ts,mjs}',
    detect: (dir) => hasConfig(dir, 'docusaurus.config', ['js', 'ts', 'mjs', 'cjs', 'mts']),
    read: async (dir) => (await import('./docusaurus.ts')).readDocusaurus(dir),
  },
  mkdocs: {
    signature: 'mkdocs.yml',
    detect: (dir) => existsSync(join(dir, 'mkdocs.yml')) || existsSync(join(dir, 'mkdocs.yaml')),
    read: async (dir) => (await import('./mkdocs.ts')).readMkdocs(dir),
  },
  vitepress: {
    signature: '.vitepress/config.*',
    detect: hasVitepressConfig,
    siteRoot: vitepressRoot,
    read: async (dir) => (await import('./vitepress.ts')).readVitepress(dir),
  },
  mdbook: {
    signature: 'book.toml + SUMMARY.md',
    detect: (dir) => existsSync(join(dir, 'book.toml')),
    read: async (dir) => (await import('./mdbook.ts')).readMdbook(dir),
  },
  jekyll: {
    signature: '_config.yml',
    detect: (dir) => existsSync(join(dir, '_config.yml')) || existsSync(join(dir, '_config.yaml')),
    read: async (dir) => (await import('./jekyll.ts')).readJekyll(dir),
  },
};

export const GENERATORS = Object.keys(readers) as SourceGenerator[];

/** The generators whose files the folder holds (more than one is ambiguous: --from decides). */
export function detectGenerators(sourceDir: string): SourceGenerator[] {
  const found = GENERATORS.filter((name) => readers[name]?.detect(sourceDir));
  // A _config.yml beside another generator's config is the repository's GitHub Pages settings, not the site's.
  return found.length > 1 ? found.filter((name) => name !== 'jekyll') : found;
}
