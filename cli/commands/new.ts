// helpgen new <PATH> [SITE_DIR] [--title T]: scaffolds a page with front matter, never overwriting.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, relative } from 'node:path';
import pc from 'picocolors';
import { HelpgenError } from '../diagnostics/errors.ts';

export async function runNew(path: string, siteDir: string, opts: { title?: string }): Promise<void> {
  const contentDir = resolve(siteDir, 'content');
  const clean = path.replace(/^content\//, '').replace(/\.md$/, '');
  const target = resolve(contentDir, `${clean}.md`);
  if (!target.startsWith(contentDir + '/')) {
    throw new HelpgenError(`"${path}" is outside content/`, { hint: 'Give a path under content/, e.g. user-docs/records/archiving.' });
  }
  if (existsSync(target)) {
    throw new HelpgenError(`${relative(process.cwd(), target)} already exists; nothing was written`, {
      hint: 'Pick another name, or edit the existing page.',
    });
  }
  const base = clean.split('/').pop()!;
  const title = opts.title ?? base.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
  mkdirSync(dirname(target), { recursive: true });
  const body = `---\ntitle: ${JSON.stringify(title)}\ndescription: ""\n---\n\nStart with one paragraph that says what the reader can do on this page.\n`;
  writeFileSync(target, body, { flag: 'wx' });
  process.stdout.write(`${pc.green('✔')} Created ${relative(process.cwd(), join(target))}\n`);
}
