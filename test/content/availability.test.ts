// Plans and platforms at the top of each feature page (issue 37 item 10): STYLE.md's table "Plans
// and platforms of each feature page" holds one value per page; each page starts with the line
// "**Plans:** … · **Platforms:** …" saying exactly that, and no feature page is left out.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { repoRoot } from '../helpers/site.ts';

const contentDir = join(repoRoot, 'content');

/** Feature pages: every task page of these folders, except the overviews that describe no one feature. */
const FEATURE_PAGES = ['user-docs/*.md', 'user-docs/records/*.md', 'user-docs/templates/*.md', 'admin-docs/*.md', 'integrations/*.md'];
const NOT_FEATURES = ['user-docs/ordo-interface.md', 'admin-docs/administration-start.md', 'admin-docs/installation.md'];

/** The plan lists of STYLE.md's plans table, lowest plan first. */
const PLAN_LISTS = ['every plan', 'Team, Business and Enterprise', 'Business and Enterprise'];

interface Availability {
  plans: string;
  platforms: string;
}

/** The rows of STYLE.md's table: page file → its plans and platforms. */
function readAvailability(styleGuide: string): Map<string, Availability> {
  const section = styleGuide.split(/^## /m).find((s) => s.startsWith('Plans and platforms of each feature page')) ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return new Map(
    rows.map((row) => {
      const [file, plans, platforms] = row.slice(1, -1).split(' | ').map((cell) => cell.trim());
      return [file!.replace(/`/g, ''), { plans: plans!, platforms: platforms! }];
    }),
  );
}

/** The line a page with this availability starts with. */
const availabilityLine = ({ plans, platforms }: Availability) => `**Plans:** ${plans} · **Platforms:** ${platforms}`;

/** The first line of the page body after the front matter, blank lines skipped. */
function firstBodyLine(source: string): string {
  const lines = source.split('\n');
  const start = lines[0] === '---' ? lines.indexOf('---', 1) + 1 : 0;
  return lines.slice(start).find((line) => line.trim() !== '') ?? '';
}

const availability = readAvailability(readFileSync(join(contentDir, 'STYLE.md'), 'utf8'));
const featurePages = fg.sync(FEATURE_PAGES, { cwd: contentDir }).filter((file) => !NOT_FEATURES.includes(file)).sort();

describe('the plans and platforms table in STYLE.md', () => {
  it('lists every feature page, and only pages that exist', () => {
    expect(featurePages.length).toBeGreaterThan(40);
    expect(featurePages.filter((file) => !availability.has(file))).toEqual([]);
    expect([...availability.keys()].filter((file) => !featurePages.includes(file))).toEqual([]);
  });

  it.each([...availability])('%s names its plans as the plans table does, and the web app', (_file, row) => {
    expect(PLAN_LISTS.some((list) => row.plans === list || row.plans.startsWith(`${list}; `)), row.plans).toBe(true);
    expect(row.platforms).toMatch(/^(?:Web app|any program|Zapier|Make)\b/);
  });
});

describe('each feature page starts with its plans and platforms', () => {
  it('reads the first line after the front matter', () => {
    expect(firstBodyLine('---\ntitle: A\n---\n\n**Plans:** every plan · **Platforms:** Web app\n\nText.')).toBe('**Plans:** every plan · **Platforms:** Web app');
    expect(firstBodyLine('---\ntitle: A\n---\nLock a record to freeze it.')).not.toBe(availabilityLine({ plans: 'every plan', platforms: 'Web app' }));
  });

  it.each(featurePages)('%s', (file) => {
    const row = availability.get(file);
    expect(row, `${file} is missing from STYLE.md's table`).toBeDefined();
    const first = firstBodyLine(readFileSync(join(contentDir, file), 'utf8'));
    expect(first, `content/${file}: start the page with the line STYLE.md gives`).toBe(availabilityLine(row!));
  });
});
