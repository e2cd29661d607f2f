// How each fact of STYLE.md's "Facts every page agrees with" table is found in a page. A check
// finds statements of its fact (one sentence, table row or code line at a time) and says whether
// the statement agrees with the value in STYLE.md. Without `agrees`, every statement the check
// finds is wrong: it catches a phrasing that contradicts the fact. `wrong` is a statement the
// check must flag and `right` one it must accept, so each check is proven able to fail.

import type { Check } from './fact-check.ts';
import { PEOPLE_CHECKS } from './facts-people.ts';

export type { Check, Found } from './fact-check.ts';

/** The numbers in a text, without thousands separators: "$10,000.00 or 3" → [10000, 3]. */
export const numbers = (text: string) => [...text.matchAll(/-?\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, '')));

/** The first captured group that matched. */
const captured = (match: RegExpExecArray) => match.slice(1).find((group) => group !== undefined) ?? '';

/** The statement's number equals the number at `index` in the value. */
const sameNumber =
  (index = 0) =>
  (match: RegExpExecArray, value: string) =>
    Number(captured(match).replace(/,/g, '')) === numbers(value)[index];

const words = (list: string) => list.split(/,\s*|\s+and\s+|\s+or\s+/).map((w) => w.trim()).filter(Boolean);

const ROLES = ['Owner', 'Admin', 'Designer', 'Editor', 'Viewer'];

/** A row of the roles table (Owner | Admin | Designer | Editor | Viewer) agrees with the roles the value names. */
const roleRow = (match: RegExpExecArray, value: string) => {
  const cells = match[0].split('|').map((c) => c.trim()).filter(Boolean).slice(-5);
  return ROLES.every((role, i) => (cells[i] === 'Yes') === new RegExp(`\\b${role}\\b`).test(value));
};

/** "Portals are part of the Business …", "Pages need the Team plan": the first plan named is the lowest one. */
const planStatement = (features: string) => {
  const list = `(?:(?:${features})(?:, | and |, and ))*(?:${features})`;
  return new RegExp(String.raw`^(?:- )?${list} (?:(?:is|are) (?:part of|available on|included in)|needs?) the (Free|Team|Business|Enterprise)\b`, 'i');
};

const FIGURE_CHECKS: Check[] = [
  {
    fact: 'Trash keeps',
    find: /\bTrash\b[^|]*?\b(\d+) days\b/,
    agrees: sameNumber(),
    wrong: 'Deleted records stay in Trash for 60 days.',
    right: 'Deleted records go to Trash, where they stay for 30 days.',
  },
  {
    fact: 'Trash keeps',
    find: /\bTrash\b[^.]*?\b(?:also holds|kept for)\b|\| Trash \| Deleted/,
    agrees: (_m, _v, found) => /\btemplates\b/.test(found.text),
    wrong: 'Trash also holds attachments, files and deleted databases.',
    right: 'Trash also holds attachments, files, and deleted templates and databases.',
  },
  {
    fact: 'Version history on Free and Team',
    find: /\b(?:Free and Team|Free or Team)\b[^|.]*?\bversions?\b[^|.]*?\b(\d+) days|\bversions? older than (\d+) days/i,
    agrees: sameNumber(),
    wrong: 'Free and Team keep versions for 30 days.',
    right: 'On Free and Team, versions older than 90 days are removed.',
  },
  {
    fact: 'Largest file upload',
    find: /(?<!template )\b(?:files?|uploads?|attachments?)\b[^|.]*?\b(\d+) MB\b|\bLargest file \| (\d+) MB/i,
    agrees: sameNumber(),
    wrong: 'Each file can be up to 100 MB.',
    right: 'Files can be up to 250 MB.',
  },
  {
    fact: 'Largest import',
    find: /\bfiles?\b[^.|]*?\b(\d[\d,]*) rows\b|\bMore than (\d[\d,]*) rows\b|\bUp to (\d[\d,]*) rows per\b/i,
    agrees: sameNumber(),
    wrong: 'A file can hold up to 5,000 rows.',
    right: 'A file can have up to 10,000 rows, not counting the header row.',
  },
  {
    fact: 'API rate limit',
    find: /\b(\d[\d,]*) requests (?:per|a) minute/,
    agrees: sameNumber(),
    wrong: 'The rate limit is 60 requests per minute.',
    right: 'The rate limit is 600 requests per minute per API key.',
  },
  {
    fact: 'API page size',
    find: /`limit`[^|]*?\bdefault (\d+)[^|]*?\bmaximum (\d+)/,
    agrees: (m, value) => Number(m[1]) === numbers(value)[0] && Number(m[2]) === numbers(value)[1],
    wrong: '`limit` (default 100, maximum 500) and `cursor`.',
    right: '`limit` (default 50, maximum 200) and `cursor`.',
  },
  {
    fact: 'Free plan',
    find: /\bFree\b[^|.]*?\bup to (\d+) (?:users|members)\b|\b(\d+) users on the Free plan/,
    agrees: sameNumber(0),
    wrong: 'The Free plan allows up to 5 users.',
    right: 'The Free plan allows up to 3 users and 1,000 records.',
  },
  {
    fact: 'Free plan',
    find: /\bFree\b(?!, \d)[^|.]*?\b(\d[\d,]*) records\b|\bup to (\d[\d,]*) on Free\b|\b(\d[\d,]*) records (?:for|on) Free\b/,
    agrees: sameNumber(1),
    wrong: 'Records count toward your plan: up to 500 on Free.',
    right: 'Records count toward your plan: up to 1,000 on Free and 50,000 on Team.',
  },
  {
    fact: 'Team plan records',
    find: /\b(\d[\d,]*) (?:records )?(?:on|for) Team\b|\bTeam plan\b[^|.]*?\b(\d[\d,]*) records\b/,
    agrees: sameNumber(),
    wrong: 'Up to 1,000 on Free and 20,000 on Team.',
    right: 'On the Team plan, imports can’t take your team past 50,000 records.',
  },
  {
    fact: 'Public form submissions',
    find: /\b(\d[\d,]*) submissions (?:per|a) day\b/,
    agrees: sameNumber(),
    wrong: 'A public form accepts up to 500 submissions per day.',
    right: 'Public forms accept up to 1,000 submissions a day.',
  },
  {
    fact: 'Plan for portals, groups, granular permissions and the audit log',
    find: planStatement('portals?|groups?|granular permissions|(?:the )?audit log'),
    agrees: (m, value) => m[1] === value,
    wrong: 'Portals are part of the Team, Business and Enterprise plans.',
    right: 'Groups, granular permissions and the audit log are part of the Business and Enterprise plans.',
  },
  {
    fact: 'Plan for import, export, pages, the REST API, Zapier and Make',
    find: planStatement('import|export|pages|(?:the )?REST API|Zapier|Make'),
    agrees: (m, value) => m[1] === value,
    wrong: 'Import is part of the Business and Enterprise plans.',
    right: 'Pages need the Team plan or higher.',
  },
  {
    fact: 'Mobile apps',
    find: /(?<!On )\bAndroid (\d+) or later\b|\bneeds? Android (\d+)\b/,
    agrees: sameNumber(0),
    wrong: 'The app needs Android 9 or later.',
    right: 'The app needs Android 10 or later.',
  },
  {
    fact: 'Mobile apps',
    find: /(?<!On )\biOS (\d+) or later\b|\bneeds? iOS (\d+)\b/,
    agrees: sameNumber(1),
    wrong: 'The app needs iOS 15 or later.',
    right: 'The app needs iOS 16 or later, on iPhone and iPad.',
  },
  {
    fact: 'Second signature (COO Signature)',
    find: /^(?=.*\b(?:COO|second signature|second sign-off)\b).*?(?:\bover \$(\d[\d,]*)|Total\]? ?> ?`?\$?(\d[\d,]*))/i,
    agrees: sameNumber(),
    wrong: 'Bluefield adds a Needs COO Approval cell with `=[Total] > 1000`.',
    right: 'Orders over $10,000.00 also need Dana Whitfield’s COO Signature.',
  },
  {
    fact: 'Cell types that can hold a formula',
    find: /\b(?:any|every|all) (?:cell|cells|cell types?)\b[^.]*\bcan (?:hold|carry|have) a formula/i,
    wrong: 'Any cell can carry a formula in its Formula settings.',
  },
  {
    fact: 'Cell types that can hold a formula',
    find: /\b(?:An?|The) ([A-Z][a-z]+(?:-[a-z]+)?) cell can (?:hold|carry|have) a formula/,
    agrees: (m, value) => words(value).includes(m[1]!),
    wrong: 'A Richtext cell can hold a formula that gives text.',
    right: 'A Date-time cell can hold a formula that gives a date-time.',
  },
  {
    fact: 'Cell types that can hold a formula',
    find: /cell types can hold a formula: ([^.]+)/,
    agrees: (m, value) => words(m[1]!).sort().join() === words(value).sort().join(),
    wrong: 'These cell types can hold a formula: General, Number and Richtext.',
    right: 'These cell types can hold a formula: General, Number, Currency, Percentage, Date, Date-time, Time, Clock, Checkbox and Select.',
  },
  {
    fact: "Cell types that can't hold a formula",
    find: /\b((?:[A-Z][a-z]+(?:-[a-z]+)?(?:, | and | or ))*[A-Z][a-z]+(?:-[a-z]+)?) cells? can(?:'t|not) (?:hold|carry|have) a formula/,
    agrees: (m, value) => words(m[1]!).every((type) => words(value).includes(type)),
    wrong: "Number and User cells can't hold a formula.",
    right: "Richtext, Reference, User, File, Attachments and Signature cells can't hold a formula.",
  },
  {
    fact: 'How dates show',
    find: /(?<!no )\b(?:team|Settings|General tab)\b[^.]*\bdate format\b|\bDate format\b[^.]*\bshown on screen\b/i,
    wrong: 'In Settings > General, set the team name, logo, time zone and date format.',
  },
  {
    fact: 'First day of the week',
    find: /\bWeek starts on\b/,
    agrees: (_m, _v, found) => /\bDate cell\b/.test(found.text) || /date-cell\.md$/.test(found.file),
    wrong: 'Week starts on: Monday or Sunday, for the whole team.',
    right: 'The Week starts on setting of a Date cell changes its date picker, not WEEKNUM.',
  },
  {
    fact: 'Required cells of Purchase Order',
    find: /"label": "(Order Date|Needed By|Requested By|Vendor|Status)"[^}]*"required": (true|false)/,
    agrees: (m, value) => (m[2] === 'true') === words(value).includes(m[1]!),
    wrong: '{ "label": "Order Date", "type": "date", "required": true, "formula": false },',
    right: '{ "label": "Needed By", "type": "date", "required": true, "formula": false },',
  },
  {
    fact: 'Required cells of Purchase Order',
    find: /^\| (?:Purchase Order \| )?(Order Date|Needed By|Requested By) \| (?:Date|User) \|(.*)$/,
    agrees: (m, value) => /\bRequired\b(?! when)/.test(m[2]!) === words(value).includes(m[1]!),
    wrong: '| Needed By | Date | Default value Days after today 14 |',
    right: '| Needed By | Date | Required; Default value Days after today 14 |',
  },
  {
    fact: 'Vendor Rating',
    find: /^\| Rating \| Number \|(.*)$/,
    agrees: (m) => /Whole numbers only/.test(m[1]!) && !/Decimal places/.test(m[1]!),
    wrong: '| Rating | Number | Decimal places 0, Minimum 1, Maximum 5 |',
    right: '| Rating | Number | Minimum 1, Maximum 5, Whole numbers only; Display Stars |',
  },
  {
    fact: 'Cell rule Access options',
    find: /\bAccess\b,? choose ((?=[^.]*\bHidden\b)[^.]+)/,
    agrees: (m, value) => words(value).every((option) => words(m[1]!).includes(option)),
    wrong: 'Under Access, choose Hidden or Read-only.',
    right: 'Under Access, choose Hidden, Read-only or Hidden from PDFs.',
  },
  {
    fact: 'Unlocking',
    find: /\bunlock\w*\b[^.]*\bin the same (?:save|edit)\b|\bsame save as the unlock/i,
    wrong: 'To reopen a closed order, unlock it and set Status back to Received in the same save.',
  },
  {
    fact: 'When a record gets its sequence number',
    find: /\b(?:sequence number|SEQNUM)\b[^.|,]*\b(?:on|at) (?:the |its )?first save\b/i,
    wrong: 'Ordo gives the record its sequence number and builds its record name on the first save.',
  },
  {
    fact: 'When a sequence number changes',
    find: /\b(?:sequence number|SEQNUM)\b[^.|]*\b(?:never changes|fixed at creation)\b|\bmov\w*\b[^.|]*\bkeeps? (?:its )?sequence number/i,
    wrong: 'The number is reserved when the record is created, and it never changes after that. SEQNUM never changes.',
  },
  {
    fact: 'Who reorders databases',
    find: /^\|[^|]*\breorder databases\b.*$/i,
    agrees: (m) => !/\| No \||Designers|Admins/.test(m[0]),
    wrong: '| Create, rename and reorder databases | Designers, Admins and the Owner |',
    right: '| Reorder databases in your own left navigation | Any member |',
  },
  {
    fact: 'Who reorders databases',
    find: /\b(?:Designers?|Admins?|Owner)\b[^.|]*\b(?:can )?reorder (?:the )?databases\b/,
    wrong: 'Only Designers can reorder databases.',
  },
  {
    fact: 'Who locks and unlocks records',
    find: /^\| Lock and unlock records \|.*$/,
    agrees: roleRow,
    wrong: '| Lock and unlock records | Yes | Yes | No | No | No |',
    right: '| Lock and unlock records | Yes | Yes | Yes | Yes | No |',
  },
  {
    fact: 'Who locks and unlocks records',
    find: /\bwith the ((?:(?:Owner|Admin|Designer|Editor|Viewer)(?:, | or | and )?)+) role,? can lock\b/,
    agrees: (m, value) => words(m[1]!).sort().join() === words(value.replace(/\(.*\)/, '')).sort().join(),
    wrong: 'Members with the Designer, Admin or Owner role can lock and unlock records.',
    right: 'Members with the Editor, Designer, Admin or Owner role can lock and unlock records.',
  },
  {
    fact: 'Who restores versions',
    find: /^\| Assign records and restore versions \|.*$/,
    agrees: roleRow,
    wrong: '| Assign records and restore versions | Yes | Yes | Yes | Yes | Yes |',
    right: '| Assign records and restore versions | Yes | Yes | Yes | Yes | No |',
  },
  {
    fact: 'Who deletes forever from Trash',
    find: /^\| Delete records and files forever from Trash \|.*$|\bforever\b[^.|]*\b(?:Editors?|Designers?)\b(?! can't)/,
    agrees: (m, value) => (m[0].startsWith('|') ? roleRow(m, value) : false),
    wrong: 'Deleting records forever from Trash: Editors, Admins and the Owner.',
    right: '| Delete records and files forever from Trash | Yes | Yes | No | No | No |',
  },
  {
    fact: 'Who creates API keys',
    find: /^\| Create and revoke API keys[^|]*\|.*$|\b(?:Designers?|Editors?|Viewers?)\b[^.|]*\bcreate (?:an )?API keys?\b/,
    agrees: (m, value) => (m[0].startsWith('|') ? roleRow(m, value) : false),
    wrong: 'Designers and Admins create API keys in Settings > API keys.',
    right: '| Create and revoke API keys; connect Zapier and Make | Yes | Yes | No | No | No |',
  },
  {
    fact: 'Who changes the plan',
    find: /^\| Change the plan[^|]*\|.*$|\bAdmins?\b[^.|]*\b(?:can|may) change the plan\b/,
    agrees: (m, value) => (m[0].startsWith('|') ? roleRow(m, value) : false),
    wrong: 'Admins can change the plan in Settings > Billing.',
    right: '| Change the plan, payment method and billing details | Yes | No | No | No | No |',
  },
  {
    fact: 'Zapier Test trigger',
    find: /\bTest trigger\b[^.]*\b(?:after you connected|since you connected|after connecting)\b/,
    wrong: 'Test trigger shows records created or saved after you connected.',
  },
  {
    fact: 'Zapier Test trigger',
    find: /\bTest trigger\b[^.]*\bfetches the (\w+)\b/,
    agrees: (m, value) => value.includes(` ${m[1]} `),
    wrong: 'Select Test trigger, and Zapier fetches the five purchase orders saved most recently.',
    right: 'Test trigger fetches the three records of the template saved most recently.',
  },
  {
    fact: 'WEEKDAY `return_type`',
    find: /=WEEKDAY\([^)]*, (\d+)\)` \| `([^`]+)`/,
    agrees: (m, value) => (m[2] === '#NUM!') === !numbers(value.split(';')[0]!).includes(Number(m[1])),
    wrong: '| `=WEEKDAY([Order Date], 11)` | `1` | Monday is day 1 |',
    right: '| `=WEEKDAY([Order Date], 2)` | `1` | Monday is day 1 |',
  },
  {
    fact: 'WEEKNUM `return_type`',
    find: /=WEEKNUM\([^)]*\), (\d+)\)` \| `([^`]+)`/,
    agrees: (m, value) => (m[2] === '#NUM!') === !numbers(value.split(';')[0]!).includes(Number(m[1])),
    wrong: '| `=WEEKNUM(DATE(2026, 3, 1), 11)` | `9` | |',
    right: '| `=WEEKNUM(DATE(2026, 3, 1), 21)` | `9` | |',
  },
  {
    fact: '`=-2^2`',
    find: /`=-2 ?\^ ?2`(?: is| gives| \|) `?(-?\d+)/,
    agrees: sameNumber(),
    wrong: 'Excel and Ordo agree: `=-2^2` is `4`.',
    right: '| `=-2 ^ 2` | `-4` | `^` comes before unary `-` |',
  },
  {
    fact: 'Text typed into a math function',
    find: /`"42"`[^|]*`#VALUE!`|`#VALUE!`[^|]*`"42"`/,
    agrees: (_m, _v, found) => /\bExcel\b/.test(found.text),
    wrong: 'Text given directly as an argument, even `"42"`, gives `#VALUE!`.',
    right: 'Text gives `#VALUE!`, even `"42"`: unlike Excel, Ordo doesn’t read typed text as a number.',
  },
  {
    fact: '`CEILING(-18.5, -1)` and `FLOOR(-18.5, -1)`',
    find: /\bCEILING\(-18\.5, -1\)`? (?:→|gives|is) `?(-?\d+)/,
    agrees: sameNumber(0),
    wrong: '| Negative | Negative | Up | `CEILING(-18.5, -1)` → `-18` |',
    right: '| Negative | Negative | Down, away from zero | `CEILING(-18.5, -1)` → `-19` |',
  },
  {
    fact: '`CEILING(-18.5, -1)` and `FLOOR(-18.5, -1)`',
    find: /\bFLOOR\(-18\.5, -1\)`? (?:→|gives|is) `?(-?\d+)/,
    agrees: sameNumber(1),
    wrong: '| Negative | Negative | Down | `FLOOR(-18.5, -1)` → `-19` |',
    right: '| Negative | Negative | Up, toward zero | `FLOOR(-18.5, -1)` → `-18` |',
  },
];

export const CHECKS: Check[] = [...FIGURE_CHECKS, ...PEOPLE_CHECKS];
