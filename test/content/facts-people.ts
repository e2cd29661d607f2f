// Checks for the facts about the running example's people (issue 37): each person's role, the
// groups, what the buyers may do, how a group's No access combines, and the labels and rules that
// pages used to name two ways. Same shape as the checks in facts.ts: `find` picks out a statement
// of the fact, `agrees` says whether it matches STYLE.md's value, `wrong` and `right` prove it.
import type { Check } from './fact-check.ts';

const PEOPLE = ['Dana Whitfield', 'Priya Raman', 'Marcus Lee', 'Jo Alvarez', 'Sam Kessler'];

/**
 * The first role named after a person, before any other person or the end of the sentence:
 * "Marcus Lee, purchasing lead | Editor: …", "Jo Alvarez, a Viewer …". "Template Designer" is a
 * place, not a role.
 */
function personRole(person: string): RegExp {
  // Another person, or a verb that hands a role to someone else ("invites Tomas … with the Editor role").
  const others = [...PEOPLE.filter((p) => p !== person), String.raw`\binvites?\b`, String.raw`\bgives?\b`].join('|');
  return new RegExp(String.raw`\b${person}\b(?:(?!${others})[^.]){0,60}?(?<!Template )\b(Owner|Admin|Designer|Editor|Viewer)s?\b`);
}

/** A person's role is the first word of their value in STYLE.md. */
const sameRole = (match: RegExpExecArray, value: string) => value.startsWith(match[1]!);

const personCheck = (person: string, wrong: string, right: string): Check => ({
  fact: person,
  find: personRole(person),
  agrees: sameRole,
  wrong,
  right,
});

/** The groups the value names: "Purchasing team, Finance, Shop floor and Sales team". */
const groupsOf = (value: string) => value.split(/,\s*|\s+and\s+/).map((group) => group.trim());

export const PEOPLE_CHECKS: Check[] = [
  personCheck('Dana Whitfield', 'Dana Whitfield, an Admin, approves large orders.', 'Dana Whitfield (Owner) signs orders over $10,000.00.'),
  personCheck('Priya Raman', 'Priya Raman, a Designer, builds the templates.', 'Priya Raman, operations systems lead (Admin), builds the templates.'),
  personCheck('Marcus Lee', 'Marcus Lee, purchasing lead | Viewer: approves orders |', 'Marcus Lee, purchasing lead | Editor: approves orders |'),
  personCheck('Jo Alvarez', 'Jo Alvarez is an Editor in Finance through a granular permission.', 'Jo Alvarez, a Viewer, gets Can edit on Finance through the Finance group.'),
  {
    fact: 'Marcus Lee',
    // The Purchasing team's Can view on Finance would stop Marcus Lee approving invoices; every
    // statement of it says that his own permission on the Invoice template is more specific.
    find: /\bPurchasing team\b[^.]*\bCan view\b[^.]*\bFinance\b|\bFinance\b[^.]*\bPurchasing team\b[^.]*\bCan view\b/,
    agrees: (_m, _v, found) => /\bMarcus Lee\b/.test(found.text) && /\bInvoice\b/.test(found.text),
    wrong: '| Finance database | Purchasing team | Can view | Buyers check whether an invoice was paid |',
    right: '| Finance database | Purchasing team | Can view | Buyers check whether an invoice was paid; Marcus Lee has his own Can edit on the Invoice template |',
  },
  {
    fact: 'A role applies to',
    find: /\b(?:Owner|Admin|Designer|Editor|Viewer)s? (?:in|of) (?:the )?(?:(?:Purchasing|Finance|Sales|People|Operations|Strategy)\b|it\b)/,
    wrong: 'Jo Alvarez is a Viewer in most databases but an Editor in Finance.',
    right: 'Jo Alvarez is a Viewer; the Finance group has Can edit on Finance.',
  },
  {
    fact: 'The buyers',
    find: /\bbuyers\b[^.]{0,60}?\b(Owner|Admin|Designer|Editor|Viewer)s?\b/,
    agrees: (m) => m[1] === 'Viewer',
    wrong: 'Marcus Lee and his buyers, who are Editors, can check whether an invoice was paid.',
    right: 'The two buyers are Viewers by role.',
  },
  {
    fact: 'The buyers',
    // A new buyer joins as the others did: a Viewer, given Can edit on Purchasing by the group.
    find: /\bwith the (Owner|Admin|Designer|Editor|Viewer) role\b[^.]*\bPurchasing team\b/,
    agrees: (m) => m[1] === 'Viewer',
    wrong: 'Priya Raman invites Tomas to the team with the Editor role and adds him to the Purchasing team group.',
    right: 'Priya Raman invites Tomas to the team with the Viewer role and adds him to the Purchasing team group.',
  },
  {
    fact: 'The buyers',
    find: /\bbuyers?\b[^.]*\b(?:adds?|added|creates?|created)\b[^.]*\b(?:in|to) (Sales|Finance|People|Operations)\b/,
    wrong: 'A buyer added the new supplier Cascade Hinge Works as a Customer in Sales by mistake.',
    right: 'A buyer creates purchase orders in Purchasing.',
  },
  {
    fact: 'Groups',
    find: /\b(?:the|a|his|her|their) ([A-Z][a-z]+(?: [a-z]+)?) group\b|\bgroup named `([^`]+)`|\bPurchasing team, Finance\b.*$/,
    agrees: (m, value) => {
      if (m[1] ?? m[2]) return groupsOf(value).includes((m[1] ?? m[2])!);
      return groupsOf(value).every((group) => m[0].includes(group));
    },
    wrong: 'Bluefield Furniture has one group per department: Purchasing team, Finance and Shop floor.',
    right: 'Each new customer is assigned to the Sales team group.',
  },
  {
    fact: 'Who sees the Members tab',
    // Members who aren't Admins never see the Members tab, so the button can't be grayed out for them.
    find: /\b(?:3|three) (?:users|active members)\b[^.]*\b(?:aren't|are not) an? (?:Admin|Owner)\b/,
    wrong: "Your team is on the Free plan and already has 3 users, or you aren't an Admin or the Owner.",
  },
  {
    fact: 'Group No access',
    find: /^(?=.*\bNo access\b)(?=.*\bgroups?\b)(?=.*\b(?:beats|hides|whatever|everywhere)\b).*$/,
    agrees: (m) => /\bonly when\b|\bunless\b|\bnone of\b/i.test(m[0]),
    wrong: 'Check for No access on the template or on their group, which beats a database permission.',
    right: "A group's No access hides the database from its members unless another of their groups has a permission there.",
  },
  {
    fact: 'NPS follow-up deadline',
    // A follow-up's Due Date that counts calendar days from today disagrees with "two working days".
    find: /\b(?:within|in|by) (?:two|2) (?:calendar |business )?days\b|\bDays after today\b:? ?2\b/,
    wrong: '| Due Date | Date | Default value Days after today: 2 |',
    right: '- A follow-up with every detractor who agrees to be contacted, within two working days.',
  },
  {
    fact: 'Vendor State options',
    find: /^\| State \| Select \|.*$|\bState\b[^.]*\bVendor template\b[^.]*`STATES\("US"\)`|\bVendor template's State cell\b[^.]*$/,
    agrees: (m) => m[0].includes('STATES("CA")'),
    wrong: '| State | Select | Options from formula `=STATES("US")` |',
    right: '| State | Select | Options from formula `=IF([Country] = "Canada", STATES("CA"), STATES("US"))` |',
  },
  {
    fact: 'One name per UI element',
    find: /\bAttachments (?:tab|pane|sidebar|section)\b|\bRead only\b|\bWaiting for approval\b/,
    wrong: "Drag a photo onto a record's Attachments tab.",
    right: "Drag a photo onto a record's Attachments panel.",
  },
];
