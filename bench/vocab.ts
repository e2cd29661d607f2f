// Word lists for the generated help pages. The text is built from the names and labels our
// real pages use (content/STYLE.md), so the markdown, search index and HTML look like a help
// centre's and not like lorem ipsum: realistic token lengths, repetition and vocabulary size.
// Each list is written as one string: words split at spaces, phrases (which hold spaces) at commas.

export interface Noun {
  one: string;
  many: string;
}

export interface Verb {
  base: string;
  past: string;
  ing: string;
}

// Inflected forms ("requested", "requesting", "meetings"): real text uses them as often as the
// base words, and each is a distinct term for the search index.
const IRREGULAR: Record<string, [string, string]> = {
  find: ['found', 'finding'], choose: ['chosen', 'choosing'], send: ['sent', 'sending'], set: ['set', 'setting'],
  show: ['shown', 'showing'], split: ['split', 'splitting'], stop: ['stopped', 'stopping'], plan: ['planned', 'planning'],
  skip: ['skipped', 'skipping'], submit: ['submitted', 'submitting'], refer: ['referred', 'referring'],
  control: ['controlled', 'controlling'], cancel: ['canceled', 'canceling'], hide: ['hid', 'hiding'],
  pin: ['pinned', 'pinning'], tag: ['tagged', 'tagging'], transfer: ['transferred', 'transferring'],
};
export function pastOf(verb: string): string {
  return IRREGULAR[verb]?.[0] ?? (verb.endsWith('e') ? verb + 'd' : /[^aeiou]y$/.test(verb) ? verb.slice(0, -1) + 'ied' : verb + 'ed');
}
export function ingOf(verb: string): string {
  return IRREGULAR[verb]?.[1] ?? (/[^e]e$/.test(verb) ? verb.slice(0, -1) + 'ing' : verb + 'ing');
}
export function pluralOf(noun: string): string {
  return /(s|x|ch|sh)$/.test(noun) ? noun + 'es' : /[^aeiou]y$/.test(noun) ? noun.slice(0, -1) + 'ies' : noun + 's';
}

const words = (text: string): readonly string[] => text.split(' ');
const phrases = (text: string): readonly string[] => text.split(', ');
const nouns = (text: string): readonly Noun[] => phrases(text).map((item) => ({ one: item.split('/')[0]!, many: item.split('/')[1] ?? item + 's' }));

/** Objects of the product: "formula/formulas" gives a plural other than one + "s". */
export const OBJECTS: readonly Noun[] = nouns(
  'record, template, cell, database, form, portal, page, sheet, file, attachment, badge, version, member, group, ' +
  'role, permission, API key, webhook, report, dashboard, workflow, approval, comment, notification, assignment, ' +
  'export, import, label, filter, view, formula, invoice, purchase order, vendor, customer, deal, asset, ' +
  'integration, token, naming pattern, reminder, checklist, signature, schedule, tag, folder, share link, backup, ' +
  'portal user, line item, relationship, reference, chart, counter, status, condition, rule, option, column, ' +
  'layout, section, audit log entry/audit log entries, session, domain, category/categories, summary/summaries, ' +
  'policy/policies'
);
export const VERBS: readonly Verb[] = words(
  'create edit delete archive restore lock unlock export import share assign approve duplicate move rename ' +
  'filter sort group download upload attach invite remove connect schedule publish review configure enable ' +
  'disable sync merge validate print pin reorder compare track tag hide rotate revoke transfer preview limit'
).map((base) => ({ base, past: pastOf(base), ing: ingOf(base) }));
export const LABELS: readonly string[] = phrases(
  'Save, More actions, Settings, Members, New record, Import, Export, Open as sheet, Edit template, Assign, Lock, ' +
  'Unlock, Version history, Download PDF, Duplicate, Move, Delete, Details, Attachments, Activity, Cell settings, ' +
  'Template settings, Save template, General, Validation, Style, Formula, Billing, API keys, Integrations, ' +
  'Groups, Roles, Permissions, Audit log, Share, Copy link, Filters, Sort, Group by, Columns, Apply, Cancel, ' +
  'Confirm, Add cell, Add filter, Add rule, Publish, Preview, Restore, Compare, Notifications, Profile, New, ' +
  'Inbox, Trash, Files, Pages, Forms, Portals, Home, Databases, Create key, Revoke, Test connection, Add member, ' +
  'Invite, Schedule, Done'
);
export const PERMISSIONS: readonly string[] = words('View Create Edit Delete Lock Share Export Design');
export const ROLES: readonly string[] = words('Owner Admin Designer Editor Viewer');
export const PLANS: readonly string[] = words('Free Team Business Enterprise');
export const PEOPLE: readonly string[] = phrases(
  'Dana Whitfield, Priya Raman, Marcus Lee, Jo Alvarez, Sam Kessler, Ines Okafor, Tomas Berg, Hana Sato, ' +
  'Leo Marchetti, Ruth Adeyemi, Omar Haddad, Grace Lindqvist, Noah Brennan'
);
export const DATABASES: readonly string[] = words('Purchasing Finance People Operations Sales Facilities Quality');
export const TEMPLATES: readonly string[] = phrases(
  'Vendor, Purchase Order, PO Line Item, Invoice, Payment, Employee, Performance Review, Time Off Request, Asset, ' +
  'Maintenance Log, Inventory Item, Standard Operating Procedure, Customer, Deal, Inspection, Work Order, ' +
  'Supplier Audit, Expense Claim'
);
export const CELL_TYPES: readonly string[] = words(
  'General Number Currency Percentage Date Date-time Time Clock Checkbox Select Reference User File Attachments ' +
  'Richtext Signature'
);
export const CELL_LABELS: readonly string[] = phrases(
  'Vendor Name, Vendor ID, Contact Email, Phone, Country, State, Payment Terms, Rating, PO Number, Order Date, ' +
  'Needed By, Status, Requested By, Approved By, Subtotal, Tax Rate, Tax, Total, Notes, Quantity, Unit Price, ' +
  'Line Total, Due Date, Department, Start Date, Manager, Location, Serial Number, Next Service, Priority, Owner, ' +
  'Amount, Currency'
);
export const STATUSES: readonly string[] = phrases(
  'Draft, Submitted, Approved, Received, Closed, Rejected, On hold, Paid'
);
export const ADJECTIVES: readonly string[] = words(
  'required optional shared private public archived locked active inactive default custom read-only hidden ' +
  'visible pending overdue recent selected empty duplicate external internal scheduled signed expired unsaved ' +
  'filtered linked'
);
export const QUALIFIERS: readonly string[] = phrases(
  'in bulk, from a sheet, with a share link, on mobile, from the record list, with the REST API, to CSV, to XLSX, ' +
  'for a group, for portal users, by status, by date, automatically, with a formula, in the Template Designer, ' +
  'from your inbox, across databases, with Zapier'
);
/** Folder topics. A few keep a space in the folder name, like our "cell types". */
export const TOPICS: readonly string[] = phrases(
  'records, templates, formulas, functions, forms, portals, pages, sheets, files, inbox, sharing, import, export, ' +
  'billing, members, groups, roles, permissions, audit log, security, single sign-on, api, webhooks, ' +
  'integrations, zapier, make, mobile, android, ios, notifications, automations, approvals, dashboards, reports, ' +
  'charts, search, workflows, naming, badges, versions, trash, backups, compliance, data retention, localization, ' +
  'accessibility, troubleshooting, getting-started, guides, usecases, inventory, purchasing, finance, people, ' +
  'operations, sales, crm, assets, maintenance, projects, surveys, concepts, admin-docs, user-docs, ' +
  'relationships, references, validation, layouts, styling'
);
export const TOPIC_QUALIFIERS: readonly string[] = words(
  'basics advanced settings reference admin faq limits setup howto examples migration tips policies history ' +
  'legacy beta'
);
export const KEYWORDS: readonly string[] = phrases(
  'lock, unlock, read-only, freeze, protect, copy, clone, row, entry, spreadsheet, csv, xlsx, pdf, print, ' +
  'history, undo, rollback, share, link, permissions, access, sso, saml, login, password, token, api, rest, ' +
  'webhook, zapier, make, automation, trigger, approval, sign-off, signature, badge, label, color, status, ' +
  'filter, view, report, chart, kpi, dashboard, mobile, phone, tablet, offline, sync, upload, attachment, ' +
  'file size, storage, quota, billing, invoice, plan, seat, trial, audit, compliance, gdpr, retention, backup, ' +
  'restore, trash, recycle bin, archive, formula, calculation'
);
/** Extra plain words that appear in running text (connectives and help-doc nouns). */
export const EXTRA_NOUNS: readonly string[] = phrases(
  'toolbar, banner, panel, menu, dialog, checkbox, button, list, grid, header, footer, sidebar, canvas, preview, ' +
  'card, tab, column, search box, team switcher, avatar menu, confirmation, error report, email, link, icon, ' +
  'tooltip, status bar, progress bar'
);
/** Formula functions (content/STYLE.md): our reference pages are mostly one per function. */
export const FUNCTIONS: readonly string[] = words(
  'CEILING FLOOR MAX MEAN MIN POWER ROUND SQRT SUM SUMIF SUMIFS PMT COUNT COUNTIF COUNTIFS COUNTNIF FILTER ' +
  'FILTERYEAR GROUPBYSUM MAXBY SUMBY VLOOKUP DYNREF CONCAT LEFT LEN LOWER MID PROPER REPLACE RIGHT SUBSTITUTE ' +
  'TEXT TRIM UPPER DATE DATEADD DATEDIF DATESUBTRACT DATEVALUE DAY DAYS FORMATDATE HOUR MINUTE MONTH SECOND TODAY ' +
  'WEEKDAY WEEKNUM WORKDAY YEAR YEARFRAC READABLEDATE READABLEDATETIME READABLEPERCENT IF IFERROR ISALPHANUMERIC ' +
  'ISCREDITCARD ISEMAIL ISIP ISMACADDRESS ISMONTH ISNUMERIC ISODATE ISPASSPORTNUMBER ISPHONE ISPOSTALCODE ISURL ' +
  'ISYEAR CONTINENTS COUNTRIES LANGUAGES STATES GETONCE SEQNUM'
);
export const ARG_TYPES: readonly string[] = phrases(
  'Number, Text, Date, Date-time, List, Number or list, Records, Cell label, Criterion, Logical'
);
export const ERRORS: readonly string[] = words('#VALUE! #REF! #DIV/0! #NAME? #N/A #NUM! #CYCLE!');
/**
 * Things a real help centre names once or twice: items, places, teams, documents. They give
 * the generated text a vocabulary about as varied as our pages (about 4,000 distinct words
 * over 160 pages), which matters for the size of the search index.
 */
export const PARTICULARS: readonly string[] = phrases(
  'oak board, steel leg set, walnut veneer, desk frame, cable tray, chair caster, glass panel, drawer slide, ' +
  'hinge kit, shelf bracket, laminate sheet, edge banding, wood glue, sanding disc, forklift, pallet jack, ' +
  'compressor, band saw, spray booth, dust extractor, drill press, Plant 1, Plant 2, Warehouse B, loading dock, ' +
  'Portland office, Seattle showroom, Denver depot, quality team, night shift, procurement desk, ' +
  'accounts payable, field service, help desk, safety checklist, packing slip, bill of materials, ' +
  'work instruction, purchase requisition, credit memo, remittance advice, goods receipt, delivery note, ' +
  'warranty claim, service ticket, onboarding plan, exit interview, training record, certificate, ' +
  'inspection report, audit finding, corrective action, supplier scorecard, price list, quote, sales order, ' +
  'shipment, return, stock count, reorder point, lead time, unit of measure, cost center, budget line, ' +
  'ledger code, tax exemption, fiscal year, quarter close, month end, payroll export, timesheet, overtime, ' +
  'holiday calendar, shift roster, badge reader, visitor log, incident, near miss, permit, calibration, ' +
  'tolerance, batch number, lot, serial range, barcode, QR code, label printer, tablet kiosk, spreadsheet, ' +
  'shared drive, email thread, paper form, clipboard, whiteboard'
);
export const ADVERBS: readonly string[] = words(
  'immediately automatically manually carefully usually rarely temporarily permanently separately together ' +
  'afterwards beforehand directly quickly safely again'
);
/** Everyday words of business software help, to reach a realistic vocabulary size. */
export const COMMON_NOUNS: readonly string[] = words(
  'account address agreement alert amount answer approach archive area attempt audience balance basis benefit ' +
  'block board branch budget bundle calendar campaign capacity card case catalog change channel charge choice ' +
  'client code colleague column comment company comparison component computer configuration connection contact ' +
  'content context contract control copy cost count country course coverage customer cycle dashboard deadline ' +
  'decision default delay delivery demand department deposit description design detail device difference ' +
  'direction discount display document domain draft duration duty effect effort element entity environment ' +
  'estimate event evidence example exception expense experience expert extension factor failure feature feedback ' +
  'figure filter finding folder format forecast framework frequency function goal grade guide handbook heading ' +
  'history holiday idea image impact income increase index industry input inquiry instance instruction interval ' +
  'inventory item journal key language layer lesson level library licence limit location log machine manager ' +
  'margin market material measure meeting memo message method metric milestone minute mistake mode model module ' +
  'month network notice number object offer office operation opinion order organization outcome output owner ' +
  'package panel parameter partner password payment percentage period person phase picture place platform point ' +
  'portfolio position practice preference premium preview price priority problem procedure process product ' +
  'profile program progress project property proposal protocol provider purpose quality quantity question queue ' +
  'range rate reason receipt recipient reference region register release reminder request requirement resource ' +
  'response result review revision risk routine salary sample scale scenario schedule scope score screen season ' +
  'sector segment selection sequence series server service setting signal site situation size skill snapshot ' +
  'solution source space specification stage standard statement step storage strategy structure subject ' +
  'subscription summary supplier support surface survey system target task team technique term territory test ' +
  'threshold ticket timeline title tool topic total track transaction transfer trend trigger type unit update ' +
  'usage user value variable vendor version volume warehouse warning week window word workflow year zone'
);
export const COMMON_ADJECTIVES: readonly string[] = words(
  'accurate additional annual available basic brief central clear common complete consistent correct current ' +
  'daily detailed different direct early easy effective empty entire exact existing extra familiar final fixed ' +
  'flexible formal free frequent full general global helpful high identical important incorrect individual ' +
  'initial large late legal local long main major manual maximum minimum missing monthly multiple necessary new ' +
  'normal official old open original other outdated overall particular partial personal plain popular possible ' +
  'precise previous primary proper quarterly quick rare ready real recent regular related relevant remote ' +
  'required responsible safe same secondary secure separate serious several short similar simple single small ' +
  'special specific stable standard strict strong suitable temporary total typical unique unknown unusual urgent ' +
  'useful valid various visible weekly whole wide wrong yearly'
);
export const COMMON_VERBS: readonly string[] = words(
  'accept access adjust allow analyze apply arrange avoid calculate cancel capture change check choose clean ' +
  'clear close collect combine complete confirm consider contain continue control convert correct count cover ' +
  'decide define describe detect determine develop display document enter estimate expect explain extend find ' +
  'finish fix follow forward gather handle identify ignore improve include increase indicate inform measure ' +
  'mention modify monitor note notice obtain organize plan prepare present prevent process protect provide ' +
  'receive record reduce refer reject release repeat replace report require resolve respond return reuse save ' +
  'select send set show skip split start stop store submit suggest summarize support switch test trace update ' +
  'verify view watch'
);
