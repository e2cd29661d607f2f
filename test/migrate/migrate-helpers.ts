// Shared by the migrate tests: migrate a fixture into a fresh folder, build it with
// `helpgen build --strict`, and read what the built pages show.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type CliRun, runCli } from '../helpers/cli.ts';
import { repoRoot } from '../helpers/site.ts';

export interface MigratedSite {
  dir: string;
  migrate: CliRun;
  build: CliRun;
}

export const fixture = (name: string) => join(repoRoot, 'test', 'fixtures', 'migrate', name);

export function migrateAndBuild(source: string, extra: string[] = []): MigratedSite {
  const dir = join(mkdtempSync(join(tmpdir(), 'helpgen-migrate-')), 'site');
  const migrate = runCli(['migrate', source, dir, ...extra]);
  const build = runCli(['build', dir, '--strict'], { env: { HELPGEN_WORKERS: '0' } });
  return { dir, migrate, build };
}

/** Every file under `dir` with a hash of its bytes: a fingerprint that shows any change. */
export function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(`${relative(dir, path)}\0`).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

export function page(dist: string, file: string): string {
  const path = join(dist, file);
  if (!existsSync(path)) throw new Error(`no ${file} in the built site`);
  return readFileSync(path, 'utf8');
}

/** The sidebar's labels in order, as "label" for a page and "[label]" for a category. */
export function sidebarLabels(html: string): string[] {
  const aside = /<aside class="doc-sidebar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
  return [...aside.matchAll(/<(a|span) class="menu__link( menu__link--sublist)?[^"]*"[^>]*>([^<]*)</g)].map((m) => (m[2] ? `[${m[3]}]` : (m[3] ?? '')));
}

/** Where a redirect page sends the reader (its meta refresh). */
export function redirectTarget(html: string): string | undefined {
  return /<meta http-equiv="refresh" content="0; ?url=([^"]+)"/i.exec(html)?.[1];
}

/** The links of the navbar or footer: "label → href". */
export function linksIn(html: string, start: string, end: string): string[] {
  const part = html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)));
  return [...part.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => `${m[2]} → ${m[1]}`);
}
