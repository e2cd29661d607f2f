// Sentences, paragraphs, steps, tables, code and admonitions in the voice of our help pages
// (second person, present tense, bold UI labels, code for typed values). Everything is drawn
// from the seeded generator, so the same seed gives the same text.
import type { Rng } from './prng.ts';
import {
  ADJECTIVES, ADVERBS, ARG_TYPES, CELL_LABELS, COMMON_ADJECTIVES, COMMON_NOUNS, COMMON_VERBS, CELL_TYPES, DATABASES, ERRORS, EXTRA_NOUNS, FUNCTIONS, LABELS, OBJECTS,
  ingOf, PARTICULARS, PEOPLE, PERMISSIONS, PLANS, pastOf, pluralOf, QUALIFIERS, ROLES, STATUSES, TEMPLATES, VERBS, type Noun, type Verb,
} from './vocab.ts';

/** What a page is about; sentences lean on it so a page reads as one topic. */
export interface Topic {
  noun: Noun;
  verb: Verb;
  template: string;
  database: string;
}

export const article = (word: string): string => (/^[aeiou]/i.test(word) && !/^(user|one|eu)/i.test(word) ? 'an' : 'a');
export const withArticle = (word: string): string => `${article(word)} ${word}`;
export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function randomTopic(rng: Rng): Topic {
  return { noun: rng.pick(OBJECTS), verb: rng.pick(VERBS), template: rng.pick(TEMPLATES), database: rng.pick(DATABASES) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const RECORD_NAMES: readonly ((r: Rng) => string)[] = [
  (r) => `PO-${r.int(1000, 1999)}`,
  (r) => `INV-2026-${pad(r.int(1, 999), 4)}`,
  (r) => `EMP-${pad(r.int(1, 400), 4)}`,
  (r) => `V-${pad(r.int(1, 120), 3)}`,
  (r) => `FL-${pad(r.int(1, 40))}`,
];
const recordName = (rng: Rng): string => RECORD_NAMES[rng.int(0, 4)]!(rng);
const amount = (rng: Rng): string => `$${rng.int(12, 28000).toLocaleString('en-US')}.${pad(rng.int(0, 99))}`;
const date = (rng: Rng): string => `2026-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;

const bold = (label: string) => `**${label}**`;

type SentenceMaker = (rng: Rng, t: Topic) => string;

const noun = (rng: Rng, t: Topic): Noun => (rng.chance(0.5) ? t.noun : rng.pick(OBJECTS));
const verb = (rng: Rng, t: Topic): Verb => (rng.chance(0.5) ? t.verb : rng.pick(VERBS));

const SENTENCES: readonly SentenceMaker[] = [
  (r, t) => `Select ${bold(r.pick(LABELS))} to ${verb(r, t).base} the ${noun(r, t).one}.`,
  (r, t) => `${r.pick(PEOPLE)} uses ${noun(r, t).many} to keep track of every ${t.template.toLowerCase()} in the ${bold(t.database)} database.`,
  (r, t) => `Only members with the ${r.pick(ROLES)} role, or the ${bold(r.pick(PERMISSIONS))} granular permission, can ${verb(r, t).base} ${noun(r, t).many}.`,
  (r, t) => `When you ${verb(r, t).base} ${withArticle(noun(r, t).one)}, {{product}} records it in the ${bold('Activity')} panel with your name and the time.`,
  (r, t) => `The ${noun(r, t).one} keeps its ${r.pick(CELL_LABELS)} value until someone with the ${bold(r.pick(PERMISSIONS))} permission changes it.`,
  (r, t) => `You can ${verb(r, t).base} up to ${r.pick([10, 25, 50, 100, 200, 500])} ${noun(r, t).many} at a time.`,
  (r, t) => `If the ${noun(r, t).one} is ${r.pick(ADJECTIVES)}, the ${bold(r.pick(LABELS))} button is not shown.`,
  (r, t) => `For example, ${r.pick(PEOPLE)} ${verb(r, t).past} ${bold(recordName(r))} on ${date(r)} so the ${r.pick(['buyers', 'approvers', 'finance team', 'shop floor supervisors', 'portal users'])} saw the change at once.`,
  (r, t) => `The ${r.pick(EXTRA_NOUNS)} shows how many ${noun(r, t).many} are ${r.pick(ADJECTIVES)}, and updates as soon as you select ${bold(r.pick(LABELS))}.`,
  (r, t) => `${capitalize(noun(r, t).many)} you ${verb(r, t).past} stay in ${bold('Trash')} for 30 days, then are removed for good.`,
  (r, t) => `On the ${r.pick(PLANS)} plan, each team can have ${r.pick(['up to 1,000', 'up to 50,000', 'unlimited', 'up to 200'])} ${noun(r, t).many}.`,
  (r, t) => `In the ${bold(t.template)} template, the ${bold(r.pick(CELL_LABELS))} cell is ${withArticle(r.pick(CELL_TYPES))} cell, so the value you type must match its format.`,
  (r, t) => `A formula such as \`=ROUND([${r.pick(CELL_LABELS)}] * ${r.int(2, 40)} / 100, 2)\` recalculates when you save the ${noun(r, t).one}.`,
  (r, _t) => `Type a value such as \`${r.pick(['Net 30', 'Approved', 'Plant 2', 'orders@kestreltimber.com', 'Oak board 2 m', 'Q3 review', '2026-03-16'])}\` and press Enter.`,
  (r, t) => `${capitalize(verb(r, t).ing)} ${withArticle(noun(r, t).one)} doesn't change its ${r.pick(['version history', 'attachments', 'record name', 'assignments', 'badges', 'comments'])}.`,
  (r, t) => `The change applies to every ${noun(r, t).one} in the ${bold(r.pick(DATABASES))} database, including ${r.pick(ADJECTIVES)} ones.`,
  (r, t) => `Members who can't ${verb(r, t).base} the ${noun(r, t).one} see a lock icon next to its name instead.`,
  (r, _t) => `The total of ${amount(r)} is shown in the ${bold(r.pick(CELL_LABELS))} cell and in the record list.`,
  (r, t) => `${r.pick(PEOPLE)} gets a notification in their ${bold('Inbox')} when the ${noun(r, t).one} is ${r.pick(STATUSES).toLowerCase()}.`,
  (r, t) => `Use a ${r.pick(['filter', 'saved view', 'badge', 'condition', 'rule'])} to find ${noun(r, t).many} whose ${bold('Status')} is ${r.pick(STATUSES)}.`,
  (r, t) => `Changes you make here apply the next time someone opens the ${noun(r, t).one}; open ${noun(r, t).many} keep their current state until they are reloaded.`,
  (r, t) => `${capitalize(verb(r, t).ing)} is also available in the mobile apps, from the ${bold('More actions')} menu.`,
  (r, t) => `The REST API returns the same ${noun(r, t).many}, ${r.int(50, 200)} per page, with a \`next_cursor\` for the next page.`,
  (r, t) => `Admins can see every ${noun(r, t).one} that was ${verb(r, t).past} in ${bold('Settings')} > ${bold('Audit log')}.`,
  (r, t) => `Each ${noun(r, t).one} belongs to exactly one ${r.pick(['template', 'database', 'team', 'group'])}, and moving it keeps its id, such as \`${r.pick(['rec_', 'tpl_', 'db_', 'file_', 'usr_'])}${r.int(10000, 99999)}\`.`,
  (r, t) => `Portal users only see the ${noun(r, t).many} they submitted, never those of other vendors.`,
  (r, _t) => `If nothing happens after you select ${bold(r.pick(LABELS))}, check that your browser allows pop-ups for \`app.ordo.app\`.`,
  (r, t) => `The ${bold(r.pick(LABELS))} dialog lists the ${r.pick(ADJECTIVES)} ${noun(r, t).many} first, then the rest in alphabetical order.`,
  (r, t) => `It takes a few seconds for large ${noun(r, t).many} to ${verb(r, t).base}; a progress bar shows how far it has got.`,
  (r, t) => `${capitalize(noun(r, t).many)} with more than ${r.pick([100, 250, 1000, 10000])} ${r.pick(['line items', 'versions', 'attachments', 'comments'])} load in pages as you scroll.`,
  (r, t) => `Teams that used to track each ${r.pick(PARTICULARS)} on a ${r.pick(PARTICULARS)} keep it as ${withArticle(t.template.toLowerCase())} record instead.`,
  (r, t) => `The ${r.pick(PARTICULARS)} and the ${r.pick(PARTICULARS)} are ${r.pick(ADVERBS)} linked to the ${noun(r, t).one}, so nobody types them twice.`,
  (r, t) => `${r.pick(PEOPLE)} ${verb(r, t).past} the ${r.pick(PARTICULARS)} for ${r.pick(['Plant 2', 'Warehouse B', 'the Portland office', 'the night shift', 'the quality team'])} ${r.pick(ADVERBS)}.`,
  (r, t) => `A formula such as \`=${r.pick(FUNCTIONS)}([${r.pick(CELL_LABELS)}])\` returns ${r.pick(ERRORS)} when the ${noun(r, t).one} is ${r.pick(ADJECTIVES)}.`,
  (r, _t) => `Use ${r.pick(FUNCTIONS)} or ${r.pick(FUNCTIONS)} when the ${r.pick(CELL_LABELS)} cell holds a ${r.pick(ARG_TYPES).toLowerCase()} value.`,
  (r, t) => `Nothing changes for the ${r.pick(PARTICULARS)} until you ${verb(r, t).base} the ${noun(r, t).one} ${r.pick(ADVERBS)}.`,
  (r, t) => `To ${r.pick(COMMON_VERBS)} the ${r.pick(COMMON_ADJECTIVES)} ${r.pick(COMMON_NOUNS)}, ${r.pick(COMMON_VERBS)} the ${r.pick(COMMON_NOUNS)} of the ${noun(r, t).one} first.`,
  (r, t) => `The ${r.pick(COMMON_ADJECTIVES)} ${r.pick(COMMON_NOUNS)} shows the ${r.pick(COMMON_NOUNS)} and the ${r.pick(COMMON_ADJECTIVES)} ${r.pick(COMMON_NOUNS)} of each ${noun(r, t).one}.`,
  (r, _t) => `${capitalize(r.pick(COMMON_VERBS))} the ${r.pick(COMMON_NOUNS)} ${r.pick(ADVERBS)} if your ${r.pick(COMMON_NOUNS)} needs a ${r.pick(COMMON_ADJECTIVES)} ${r.pick(COMMON_NOUNS)}.`,
  (r, _t) => `Admins often ${r.pick(COMMON_VERBS)} a ${r.pick(COMMON_ADJECTIVES)} ${r.pick(COMMON_NOUNS)} here, so ${r.pick(PEOPLE)} can ${r.pick(COMMON_VERBS)} the ${r.pick(COMMON_NOUNS)} later.`,
  (r, t) => `${r.pick(PEOPLE)} ${pastOf(r.pick(COMMON_VERBS))} the ${r.pick(COMMON_ADJECTIVES)} ${pluralOf(r.pick(COMMON_NOUNS))} while ${ingOf(r.pick(COMMON_VERBS))} the ${noun(r, t).one}.`,
  (r, _t) => `After ${ingOf(r.pick(COMMON_VERBS))} ${pluralOf(r.pick(COMMON_NOUNS))}, check that every ${r.pick(COMMON_NOUNS)} was ${pastOf(r.pick(COMMON_VERBS))} ${r.pick(ADVERBS)}.`,
  (r, _t) => `${capitalize(pluralOf(r.pick(COMMON_NOUNS)))} and ${pluralOf(r.pick(COMMON_NOUNS))} that were ${pastOf(r.pick(COMMON_VERBS))} before ${date(r)} keep their ${r.pick(COMMON_ADJECTIVES)} ${pluralOf(r.pick(COMMON_NOUNS))}.`,
];

export function sentence(rng: Rng, topic: Topic): string {
  return rng.pick(SENTENCES)(rng, topic);
}

export function paragraph(rng: Rng, topic: Topic, min = 2, max = 4): string {
  const count = rng.int(min, max);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(sentence(rng, topic));
  return parts.join(' ');
}

export function steps(rng: Rng, topic: Topic): string[] {
  const target = rng.chance(0.5) ? bold(rng.pick(['PO-1042', 'Kestrel Timber Co.', 'Forklift FL-03', 'INV-2026-0311', 'Marcus Lee'])) : `the ${topic.noun.one}`;
  const list = [`Open ${target}${target.endsWith('.**') ? '' : '.'}`];
  const middle: ((r: Rng) => string)[] = [
    (r) => `In the toolbar, select ${bold(r.pick(LABELS))}.`,
    (r) => `Select ${bold('More actions')} (⋯) > ${bold(r.pick(LABELS))}.`,
    (r) => `In ${bold(r.pick(['Cell settings', 'Template settings', 'Settings']))}, open the ${bold(r.pick(['General', 'Validation', 'Style', 'Formula', 'Members', 'Permissions']))} tab.`,
    (r) => `Optional: type a ${bold(r.pick(['Reason', 'Name', 'Description', 'Note']))}, such as \`${r.pick(['Approved and sent to vendor', 'Q2 stock count', 'Moved to Plant 2', 'Checked by finance'])}\`.`,
    (r) => `Choose the ${r.pick(OBJECTS).many} to include, or select ${bold('Select all')}.`,
    (r) => `Set ${bold(r.pick(CELL_LABELS))} to ${r.pick(STATUSES)}.`,
    (r) => `Check ${bold(`${capitalize(topic.verb.base)} ${topic.noun.many}`)} and ${r.pick(['clear', 'keep'])} ${bold('Notify members')}.`,
  ];
  const count = rng.int(1, 3);
  for (let i = 0; i < count; i++) list.push(rng.pick(middle)(rng));
  list.push(`Select ${bold(rng.pick(['Save', 'Confirm', 'Apply', 'Done', capitalize(topic.verb.base)]))}.`);
  return list;
}

const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
const markdownTable = (header: string[], rows: string[][]) => [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');

export function table(rng: Rng, topic: Topic): string {
  const kind = rng.int(0, 2);
  const rows: string[][] = [];
  let header: string[];
  if (kind === 0) {
    header = ['Setting', 'What it does', 'Default'];
    for (const label of rng.sample(CELL_LABELS, rng.int(4, 9))) {
      rows.push([bold(label), sentence(rng, topic).replace(/\|/g, '/'), rng.pick(['Off', 'On', 'Empty', 'None', '50', 'Net 30', 'Team default'])]);
    }
  } else if (kind === 1) {
    header = ['Action', `On ${withArticle(rng.pick(ADJECTIVES))} ${topic.noun.one}`];
    for (let i = rng.int(4, 8); i > 0; i--) {
      const v = rng.pick(VERBS);
      rows.push([`${capitalize(v.base)} ${rng.pick(OBJECTS).many}`, rng.pick(['Allowed', 'Blocked', 'Allowed for Admins', `Needs the **${rng.pick(PERMISSIONS)}** permission`])]);
    }
  } else {
    header = ['Role', ...rng.sample(PERMISSIONS, 3)];
    for (const role of ROLES) rows.push([role, ...header.slice(1).map(() => rng.pick(['Yes', 'No', 'Own records only']))]);
  }
  return markdownTable(header, rows);
}

const CODE_LANGUAGES = ['bash', 'json', 'javascript', 'typescript', 'yaml'] as const;

/** A fenced code block that looks like what our API and integration pages show. */
export function codeBlock(rng: Rng, topic: Topic): string {
  const lang = rng.pick(CODE_LANGUAGES);
  const resource = rng.pick(['records', 'templates', 'databases', 'files', 'users', 'groups']);
  const id = `${rng.pick(['rec_', 'tpl_', 'db_', 'file_'])}${rng.int(10000, 99999)}`;
  let body: string;
  let meta = '';
  switch (lang) {
    case 'bash':
      body = [
        `curl -s "https://api.ordo.app/v1/${resource}?limit=${rng.pick([50, 100, 200])}" \\`,
        '  -H "Authorization: Bearer $ORDO_API_KEY" \\',
        '  -H "Accept: application/json"',
      ].join('\n');
      break;
    case 'json':
      body = JSON.stringify(
        {
          id,
          template: rng.pick(TEMPLATES),
          name: rng.pick(['PO-1042', 'INV-2026-0311', 'Forklift FL-03', 'Kestrel Timber Co.']),
          status: rng.pick(STATUSES),
          cells: Object.fromEntries(rng.sample(CELL_LABELS, 3).map((label) => [label, rng.chance(0.5) ? rng.int(1, 900) : rng.pick(STATUSES)])),
          updated_at: `${date(rng)}T${pad(rng.int(8, 18))}:${pad(rng.int(0, 59))}:00Z`,
          next_cursor: null,
        },
        null,
        2,
      );
      break;
    case 'javascript':
      meta = ` title="${topic.verb.base}-${resource}.js"`;
      body = [
        `const response = await fetch('https://api.ordo.app/v1/${resource}/${id}', {`,
        `  method: '${rng.pick(['GET', 'PATCH', 'DELETE'])}',`,
        "  headers: { Authorization: `Bearer ${process.env.ORDO_API_KEY}` },",
        '});',
        'if (response.status === 429) {',
        "  const wait = Number(response.headers.get('Retry-After')) * 1000;",
        '  await new Promise((resolve) => setTimeout(resolve, wait));',
        '}',
        'const data = await response.json();',
      ].join('\n');
      break;
    case 'typescript':
      meta = ' {2,3}';
      body = [
        `interface ${topic.template.replace(/\W/g, '')}Record {`,
        `  id: string; // "${id}"`,
        `  status: ${rng.sample(STATUSES, 3).map((s) => `'${s}'`).join(' | ')};`,
        '  total: number;',
        '}',
        '',
        `export function isOverdue(record: ${topic.template.replace(/\W/g, '')}Record, today: Date): boolean {`,
        `  return record.status !== 'Closed' && record.total > ${rng.int(100, 5000)} && today.getDay() > 0;`,
        '}',
      ].join('\n');
      break;
    case 'yaml':
      meta = ' title="ordo-sync.yaml"';
      body = [
        'schedule:',
        `  every: ${rng.pick(['15m', '1h', '6h', '24h'])}`,
        `database: ${rng.pick(DATABASES)}`,
        `template: ${rng.pick(TEMPLATES)}`,
        'filters:',
        `  - cell: Status`,
        `    equals: ${rng.pick(STATUSES)}`,
        'export:',
        `  format: ${rng.pick(['csv', 'xlsx'])}`,
        `  notify: ${rng.pick(['finance@bluefield.example', 'ops@bluefield.example'])}`,
      ].join('\n');
      break;
  }
  return '```' + lang + meta + '\n' + body + '\n```';
}

/** The fence of a function page's Syntax section: no language, as our pages write it. */
export function syntaxBlock(rng: Rng, name: string): string {
  const args = ['value', 'records', 'criterion', 'date', 'text', 'number'].slice(0, rng.int(1, 3));
  return '```\n' + `${name}(${args.map((a, i) => (i > 0 && rng.chance(0.4) ? `[${a}]` : a)).join(', ')})` + '\n```';
}

export function argumentsTable(rng: Rng, topic: Topic): string {
  const rows = ['value', 'records', 'criterion', 'date', 'text'].slice(0, rng.int(2, 5)).map((name) => [
    `\`${name}\``,
    rng.pick(ARG_TYPES),
    rng.pick(['Yes', 'No']),
    `${capitalize(withArticle(rng.pick(ARG_TYPES).toLowerCase()))}, such as \`[${rng.pick(CELL_LABELS)}]\` or \`[${topic.template}].[${rng.pick(CELL_LABELS)}]\`.`,
  ]);
  return markdownTable(['Name', 'Type', 'Required', 'Description'], rows);
}

export function examplesTable(rng: Rng, name: string): string {
  const rows: string[][] = [];
  for (let i = rng.int(5, 9); i > 0; i--) {
    const arg = rng.chance(0.5) ? `[${rng.pick(CELL_LABELS)}]` : rng.chance(0.5) ? String(rng.int(1, 5000)) : `"${rng.pick(STATUSES)}"`;
    const result = rng.chance(0.2) ? rng.pick(ERRORS) : rng.chance(0.5) ? String(rng.int(0, 99999) / 100) : rng.pick(STATUSES);
    rows.push([`\`=${name}(${arg})\``, `\`${result}\``, rng.chance(0.6) ? `On ${rng.pick(['PO-1042', 'INV-2026-0311', 'Forklift FL-03', 'EMP-0087'])}, ${rng.pick(PARTICULARS)}` : '']);
  }
  return markdownTable(['Formula', 'Result', 'Notes'], rows);
}

export function admonition(rng: Rng, topic: Topic): string {
  const type = rng.pick(['tip', 'note', 'warning', 'danger', 'tip', 'note']);
  const title = rng.pick([
    `${capitalize(topic.verb.ing)} ${topic.noun.many} is undone with ${bold('Restore')}`,
    `Save before you ${topic.verb.base}`,
    `${capitalize(topic.noun.many)} in ${bold('Trash')} still count toward your plan`,
    `A faster way to ${topic.verb.base} many ${topic.noun.many}`,
    `Portal users can't see this`,
    `Locked ${topic.noun.many} are skipped`,
  ]);
  return `:::${type} ${title}\n${paragraph(rng, topic, 1, 3)}\n:::`;
}

const TITLES: readonly ((r: Rng, t: Topic) => string)[] = [
  (_r, t) => `${capitalize(t.verb.base)} ${withArticle(t.noun.one)}`,
  (r, t) => `${capitalize(t.verb.base)} ${t.noun.many} ${r.pick(QUALIFIERS)}`,
  (r, t) => `${capitalize(t.noun.one)} ${r.pick(['settings', 'limits', 'reference', 'permissions', 'overview'])}`,
  (_r, t) => `${capitalize(t.verb.base)} ${t.template.toLowerCase()} ${t.noun.many}`,
  (r) => `${r.pick(CELL_TYPES)} cell`,
];
export const title = (rng: Rng, topic: Topic): string => TITLES[rng.int(0, 4)]!(rng, topic);

export function description(rng: Rng, topic: Topic): string {
  const text = `${capitalize(topic.verb.base)} ${topic.noun.many} ${rng.pick(QUALIFIERS)}, ${rng.pick([
    'and see who changed what',
    'without losing their history',
    'and undo it when you need to',
    'and control who can do it',
    'so your team always works from current data',
  ])}.`;
  return text.length < 60 ? text.replace(/\.$/, ` in the ${topic.database} database.`) : text;
}

/** A heading for a task section: verb first, sentence case, plain text (stable anchors). */
export function taskHeading(rng: Rng, topic: Topic): string {
  const v = rng.chance(0.6) ? topic.verb : rng.pick(VERBS);
  const n = rng.chance(0.5) ? topic.noun : rng.pick(OBJECTS);
  return `${capitalize(v.base)} ${rng.chance(0.5) ? withArticle(n.one) : n.many}${rng.chance(0.3) ? ' ' + rng.pick(QUALIFIERS) : ''}`;
}
