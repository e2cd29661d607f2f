// Section documents for the index tests: every section of our help pages (a page's intro,
// then one section per h2/h3), read straight from content/ without a build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { SectionDocument } from '../../shared/search/index-format.ts';

const repoRoot = join(import.meta.dirname, '..', '..');

export function section(id: number, fields: Partial<Omit<SectionDocument, 'id'>>): SectionDocument {
  return { id, title: '', heading: '', context: '', keywords: '', meta: '', body: '', ...fields };
}

export function contentSections(): SectionDocument[] {
  const files = fg.sync('content/**/*.md', { cwd: repoRoot, ignore: ['content/STYLE.md'] }).sort();
  const documents: SectionDocument[] = [];
  for (const file of files) {
    const source = readFileSync(join(repoRoot, file), 'utf8');
    const title = /^title:\s*(.+)$/m.exec(source)?.[1] ?? file;
    const description = /^description:\s*(.+)$/m.exec(source)?.[1] ?? '';
    const body = source.replace(/^---[\s\S]*?\n---\n/, '');
    const [intro, ...rest] = body.split(/\n#{2,3} /);
    documents.push(section(documents.length, { title, keywords: file.replace(/[-/]/g, ' '), meta: description, body: intro }));
    for (const part of rest) {
      const [heading, ...text] = part.split('\n');
      documents.push(section(documents.length, { heading, context: title, body: text.join(' ') }));
    }
  }
  return documents;
}
