// Writes one generated page's markdown from its plan: front matter, sections, steps, tables, code,
// admonitions and links to other pages of the plan (mostly neighbours, some with #anchors).
import { posix } from 'node:path';
import type { Rng } from './prng.ts';
import { admonition, argumentsTable, codeBlock, examplesTable, paragraph, steps, syntaxBlock, table } from './text.ts';
import { PEOPLE, ROLES } from './vocab.ts';
import type { Folder, PagePlan, Section } from './corpus-plan.ts';

/** A link from one page to another: relative .md path (spaces as %20), sometimes an #anchor. */
function linkTo(rng: Rng, from: PagePlan, to: PagePlan, text?: string): string {
  const rel = posix.relative(from.dir || '.', to.relPath);
  const href = rel.split('/').map((s) => s.replace(/ /g, '%20')).join('/');
  const anchor = rng.chance(0.4) ? `#${rng.pick(to.anchors)}` : '';
  return `[${text ?? to.title}](${href}${anchor})`;
}

/** Mostly neighbours (same folder), sometimes anywhere: how real help pages link. */
function pickTargets(rng: Rng, page: PagePlan, pages: PagePlan[], folders: Folder[], count: number): PagePlan[] {
  const folder = folders.find((f) => f.dir === page.dir)!;
  const near = folder.pages.filter((p) => p !== page);
  const chosen = new Set<PagePlan>();
  for (let tries = 0; chosen.size < count && tries < count * 4; tries++) {
    const pool = near.length && rng.chance(0.6) ? near : pages;
    const target = rng.pick(pool);
    if (target !== page) chosen.add(target);
  }
  return [...chosen];
}

export function renderPage(rng: Rng, page: PagePlan, pages: PagePlan[], folders: Folder[], fixedTargets?: PagePlan[]): string {
  const front = frontMatter(page);
  // Our pages average ten links to other pages: a few in the text, the rest in lists.
  const targets = fixedTargets ?? pickTargets(rng, page, pages, folders, rng.int(7, 12));
  const links: SectionLinks = { inline: targets.slice(0, 4), related: targets.slice(4), all: targets };
  const blocks = page.sections.map((section) => {
    const out: string[] = [];
    if (section.heading) out.push(`${section.level === 2 ? '##' : '###'} ${section.heading}`);
    out.push(...sectionBody(rng, page, section, links));
    return out;
  });
  // Pad with paragraphs (never headings, so the anchors planned above stay true) up to the
  // page's target size; the last block stays the related list.
  const t = page.topic;
  const size = () => Buffer.byteLength(front) + blocks.reduce((n, b) => n + b.join('\n\n').length + 2, 0);
  while (size() < page.targetBytes && blocks.length > 1) {
    const i = rng.int(0, blocks.length - 2);
    blocks[i]!.push(rng.chance(0.08) ? `${paragraph(rng, t, 1, 2)} Ask ${rng.pick(PEOPLE)} if you are not sure.` : paragraph(rng, t, 2, 4));
  }
  return front + '\n' + blocks.map((b) => b.join('\n\n')).join('\n\n') + '\n';
}

function frontMatter(page: PagePlan): string {
  return [
    '---',
    `title: ${page.title}`,
    `description: ${page.description}`,
    // The home page of the site is /support/ itself, as our intro.md is.
    ...(page.relPath === 'intro.md' ? ['slug: /'] : []),
    `sidebar_position: ${page.position}`,
    `keywords: [${page.keywords.join(', ')}]`,
    '---',
    '',
  ].join('\n');
}

/** The pages a page links to: the first few in its text, the rest in its related list. */
interface SectionLinks {
  inline: PagePlan[];
  related: PagePlan[];
  all: PagePlan[];
}

/** The blocks of one section after its heading, by the section's kind. */
function sectionBody(rng: Rng, page: PagePlan, section: Section, links: SectionLinks): string[] {
  const t = page.topic;
  const { inline, related } = links;
  const targets = links.all;
  const out: string[] = [];
  switch (section.kind) {
    case 'intro':
      out.push(paragraph(rng, t, 2, 4));
      if (inline[0]) out.push(`${paragraph(rng, t, 1, 2)} See ${linkTo(rng, page, inline[0])}.`);
      break;
    case 'who':
      out.push(rng.sample(ROLES, rng.int(1, 2)).map((role) => `- Members with the ${role} role${rng.chance(0.5) ? ', or the matching granular permission on the database' : ''}.`).join('\n'));
      break;
    case 'task':
      out.push(paragraph(rng, t, 1, 2));
      out.push(steps(rng, t).map((s, i) => `${i + 1}. ${s}`).join('\n'));
      out.push(paragraph(rng, t, 1, 3));
      if (rng.chance(0.3)) out.push(admonition(rng, t));
      break;
    case 'reference':
      out.push(paragraph(rng, t, 1, 2));
      out.push(table(rng, t));
      if (rng.chance(0.4)) out.push(paragraph(rng, t, 1, 1), table(rng, t));
      break;
    case 'code':
      out.push(`${paragraph(rng, t, 1, 2)} The API uses \`Authorization: Bearer\` with a key from ${'**Settings**'} > ${'**API keys**'}.`);
      out.push(codeBlock(rng, t));
      if (rng.chance(0.3)) out.push(codeBlock(rng, t));
      break;
    case 'note':
      out.push(rng.sample([0, 1, 2, 3], rng.int(2, 4)).map(() => `- ${paragraph(rng, t, 1, 1)}`).join('\n'));
      if (inline[1]) out.push(`For the details, read ${linkTo(rng, page, inline[1])}${inline[2] ? ` and ${linkTo(rng, page, inline[2])}` : ''}.`);
      break;
    case 'troubleshoot':
      out.push(paragraph(rng, t, 1, 1));
      break;
    case 'sub':
      out.push(paragraph(rng, t, 2, 3));
      break;
    case 'syntax':
      out.push(paragraph(rng, t, 1, 1), syntaxBlock(rng, page.title));
      break;
    case 'args':
      out.push(argumentsTable(rng, t));
      break;
    case 'returns':
      out.push(paragraph(rng, t, 1, 2));
      if (rng.chance(0.3)) out.push(admonition(rng, t));
      break;
    case 'examples':
      out.push(examplesTable(rng, page.title));
      break;
    case 'notes':
      out.push(
        [
          ...rng.sample([0, 1, 2], rng.int(1, 3)).map(() => `- ${paragraph(rng, t, 1, 2)}`),
          ...inline.slice(1).map((p) => `- ${paragraph(rng, t, 1, 1)} Use ${linkTo(rng, page, p)} for ${rng.pick(['lists', 'dates', 'text', 'records', 'criteria'])}.`),
        ].join('\n'),
      );
      break;
    case 'related':
      out.push((related.length ? related : targets).map((p) => `- ${linkTo(rng, page, p)}`).join('\n'));
      break;
  }
  return out;
}
