// Writes any MigrationPlan as a helpgen site: help.config.ts, content/ (pages with their front
// matter merged and their dialect rewritten, _category_.json files, files beside pages),
// static/, and the package.json, .gitignore and tsconfig.json `helpgen init` writes. The
// source folder is only read.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, normalize, posix, resolve, sep } from 'node:path';
import { HelpgenError } from '../diagnostics/errors.ts';
import { helpgenRoot } from '../paths.ts';
import { helpgenDependency, sitePackage } from '../commands/init.ts';
import type { CategoryFile, MigrationPlan } from './model.ts';
import { migratePageText } from './page-text.ts';
import { toTsLiteral } from './ts-literal.ts';

/** Refuses a target folder that holds anything, as `build --out` does: nothing of it is replaced. */
export function assertEmptyTarget(targetDir: string): void {
  if (!existsSync(targetDir)) return;
  const entries = readdirSync(targetDir);
  if (entries.length === 0) return;
  throw new HelpgenError(`${targetDir} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}); nothing was written`, {
    hint: 'helpgen migrate writes a whole new site and never replaces files. Give it a new folder as TARGET_DIR, or delete this one.',
    exitCode: 2,
  });
}

/** The path inside `root` that `rel` names; a path that leaves it (../, absolute) is refused. */
function inside(root: string, rel: string): string {
  const path = resolve(root, normalize(rel));
  if (isAbsolute(rel) || (path !== root && !path.startsWith(root + sep))) throw new Error(`migration target ${rel} is outside ${root}`);
  return path;
}

function writeNew(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text, { flag: 'wx' });
}

export function configSource(plan: MigrationPlan): string {
  return [
    `// Migrated from ${plan.generator} by helpgen migrate. Every key: node_modules/helpgen/docs/config.md`,
    "import { defineConfig } from 'helpgen/config';",
    '',
    `export default defineConfig(${toTsLiteral(plan.config)});`,
    '',
  ].join('\n');
}

function categoryJson(category: CategoryFile): string {
  const { label, position, collapsed } = category;
  // The plan names a category's page by its path under content/; _category_.json names it from its own folder.
  const link = category.link?.type === 'doc' ? { ...category.link, id: posix.relative(category.folder, category.link.id) } : category.link;
  return `${JSON.stringify({ label, position, collapsed, link }, null, 2)}\n`;
}

/** Where each page and file under content/ came from, when a page of the plan moved (its relative links need rewriting). */
function movedFiles(plan: MigrationPlan): Map<string, string> {
  const map = new Map<string, string>();
  for (const page of plan.pages) map.set(page.from, page.to);
  for (const file of plan.files) if (file.to.startsWith('content/')) map.set(file.from, file.to.slice('content/'.length));
  const sourceDirOf = (from: string, to: string) => from.slice(0, from.length - to.length);
  // Readers that copy a folder as it is (mdBook) move nothing: every page keeps its path under its folder.
  const anyMoved = plan.pages.some((page) => !page.from.endsWith(page.to) || sourceDirOf(page.from, page.to) !== sourceDirOf(plan.pages[0]!.from, plan.pages[0]!.to));
  return anyMoved ? map : new Map();
}

/** Writes the plan into `targetDir` (which must be empty or missing); problems found on the way join the plan's. */
export function writePlan(plan: MigrationPlan, sourceDir: string, targetDir: string): void {
  assertEmptyTarget(targetDir);
  const root = resolve(targetDir);
  mkdirSync(root, { recursive: true });
  writeNew(join(root, 'help.config.ts'), configSource(plan));
  const moved = movedFiles(plan);
  for (const page of plan.pages) {
    const text = page.text ?? readFileSync(join(sourceDir, page.from), 'utf8');
    writeNew(inside(root, join('content', page.to)), migratePageText(text, page, sourceDir, plan.problems, moved));
  }
  for (const category of plan.categories) writeNew(inside(root, join('content', category.folder, '_category_.json')), categoryJson(category));
  for (const file of plan.files) {
    const to = inside(root, file.to);
    if (existsSync(to)) continue; // two source files for one place: the first one (a page's image) stays
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(sourceDir, file.from), to);
  }
  const slug = basename(root).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'help';
  writeNew(join(root, 'package.json'), `${JSON.stringify(sitePackage(slug, helpgenDependency()), null, 2)}\n`);
  writeNew(join(root, '.gitignore'), readFileSync(join(helpgenRoot, 'starter', 'gitignore'), 'utf8'));
  writeNew(join(root, 'tsconfig.json'), readFileSync(join(helpgenRoot, 'starter', 'tsconfig.site.json'), 'utf8'));
}

/** The pages' rewriting alone, for --dry-run: the report then lists what the pages would need. */
export function checkPages(plan: MigrationPlan, sourceDir: string): void {
  for (const page of plan.pages) migratePageText(page.text ?? readFileSync(join(sourceDir, page.from), 'utf8'), page, sourceDir, plan.problems);
}
