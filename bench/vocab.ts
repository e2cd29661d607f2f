// Word lists for the generated help pages. The text is built from the names and labels our
// real pages use (content/STYLE.md), so the markdown, search index and HTML look like a help
// centre's and not like lorem ipsum: realistic token lengths, repetition and vocabulary size.

export interface Noun {
  one: string;
  many: string;
}

const noun = (one: string, many = one + 's'): Noun => ({ one, many });

export const OBJECTS: readonly Noun[] = [
  noun('record'), noun('template'), noun('cell'), noun('database'), noun('form'), noun('portal'),
  noun('page'), noun('sheet'), noun('file'), noun('attachment'), noun('badge'), noun('version'),
  noun('member'), noun('group'), noun('role'), noun('permission'), noun('API key'), noun('webhook'),
  noun('report'), noun('dashboard'), noun('workflow'), noun('approval'), noun('comment'),
  noun('notification'), noun('assignment'), noun('export'), noun('import'), noun('label'),
  noun('filter'), noun('view'), noun('formula', 'formulas'), noun('invoice'), noun('purchase order'),
  noun('vendor'), noun('customer'), noun('deal'), noun('asset'), noun('integration'), noun('token'),
  noun('naming pattern'), noun('reminder'), noun('checklist'), noun('signature'), noun('schedule'),
  noun('tag'), noun('folder'), noun('share link'), noun('backup'), noun('portal user'),
  noun('line item'), noun('relationship'), noun('reference'), noun('chart'), noun('counter'),
  noun('status'), noun('condition'), noun('rule'), noun('option'), noun('column'), noun('layout'),
  noun('section'), noun('audit log entry', 'audit log entries'), noun('session'), noun('domain'),
  noun('category', 'categories'), noun('summary', 'summaries'), noun('policy', 'policies'),
];

export const VERBS: readonly { base: string; past: string; ing: string }[] = [
  ['create', 'created', 'creating'], ['edit', 'edited', 'editing'], ['delete', 'deleted', 'deleting'],
  ['archive', 'archived', 'archiving'], ['restore', 'restored', 'restoring'], ['lock', 'locked', 'locking'],
  ['unlock', 'unlocked', 'unlocking'], ['export', 'exported', 'exporting'], ['import', 'imported', 'importing'],
  ['share', 'shared', 'sharing'], ['assign', 'assigned', 'assigning'], ['approve', 'approved', 'approving'],
  ['duplicate', 'duplicated', 'duplicating'], ['move', 'moved', 'moving'], ['rename', 'renamed', 'renaming'],
  ['filter', 'filtered', 'filtering'], ['sort', 'sorted', 'sorting'], ['group', 'grouped', 'grouping'],
  ['download', 'downloaded', 'downloading'], ['upload', 'uploaded', 'uploading'], ['attach', 'attached', 'attaching'],
  ['invite', 'invited', 'inviting'], ['remove', 'removed', 'removing'], ['connect', 'connected', 'connecting'],
  ['schedule', 'scheduled', 'scheduling'], ['publish', 'published', 'publishing'], ['review', 'reviewed', 'reviewing'],
  ['configure', 'configured', 'configuring'], ['enable', 'enabled', 'enabling'], ['disable', 'disabled', 'disabling'],
  ['sync', 'synced', 'syncing'], ['merge', 'merged', 'merging'], ['validate', 'validated', 'validating'],
  ['print', 'printed', 'printing'], ['pin', 'pinned', 'pinning'], ['reorder', 'reordered', 'reordering'],
  ['compare', 'compared', 'comparing'], ['track', 'tracked', 'tracking'], ['tag', 'tagged', 'tagging'],
  ['hide', 'hid', 'hiding'], ['rotate', 'rotated', 'rotating'], ['revoke', 'revoked', 'revoking'],
  ['transfer', 'transferred', 'transferring'], ['preview', 'previewed', 'previewing'], ['limit', 'limited', 'limiting'],
].map(([base, past, ing]) => ({ base: base!, past: past!, ing: ing! }));

export const LABELS: readonly string[] = [
  'Save', 'More actions', 'Settings', 'Members', 'New record', 'Import', 'Export', 'Open as sheet',
  'Edit template', 'Assign', 'Lock', 'Unlock', 'Version history', 'Download PDF', 'Duplicate', 'Move',
  'Delete', 'Details', 'Attachments', 'Activity', 'Cell settings', 'Template settings', 'Save template',
  'General', 'Validation', 'Style', 'Formula', 'Billing', 'API keys', 'Integrations', 'Groups', 'Roles',
  'Permissions', 'Audit log', 'Share', 'Copy link', 'Filters', 'Sort', 'Group by', 'Columns', 'Apply',
  'Cancel', 'Confirm', 'Add cell', 'Add filter', 'Add rule', 'Publish', 'Preview', 'Restore', 'Compare',
  'Notifications', 'Profile', 'New', 'Inbox', 'Trash', 'Files', 'Pages', 'Forms', 'Portals', 'Home',
  'Databases', 'Create key', 'Revoke', 'Test connection', 'Add member', 'Invite', 'Schedule', 'Done',
];

export const PERMISSIONS: readonly string[] = ['View', 'Create', 'Edit', 'Delete', 'Lock', 'Share', 'Export', 'Design'];
export const ROLES: readonly string[] = ['Owner', 'Admin', 'Designer', 'Editor', 'Viewer'];
export const PLANS: readonly string[] = ['Free', 'Team', 'Business', 'Enterprise'];

export const PEOPLE: readonly string[] = [
  'Dana Whitfield', 'Priya Raman', 'Marcus Lee', 'Jo Alvarez', 'Sam Kessler', 'Ines Okafor', 'Tomas Berg',
  'Hana Sato', 'Leo Marchetti', 'Ruth Adeyemi', 'Omar Haddad', 'Grace Lindqvist', 'Noah Brennan',
];

export const DATABASES: readonly string[] = ['Purchasing', 'Finance', 'People', 'Operations', 'Sales', 'Facilities', 'Quality'];
export const TEMPLATES: readonly string[] = [
  'Vendor', 'Purchase Order', 'PO Line Item', 'Invoice', 'Payment', 'Employee', 'Performance Review',
  'Time Off Request', 'Asset', 'Maintenance Log', 'Inventory Item', 'Standard Operating Procedure', 'Customer',
  'Deal', 'Inspection', 'Work Order', 'Supplier Audit', 'Expense Claim',
];
export const CELL_TYPES: readonly string[] = [
  'General', 'Number', 'Currency', 'Percentage', 'Date', 'Date-time', 'Time', 'Clock', 'Checkbox', 'Select',
  'Reference', 'User', 'File', 'Attachments', 'Richtext', 'Signature',
];
export const CELL_LABELS: readonly string[] = [
  'Vendor Name', 'Vendor ID', 'Contact Email', 'Phone', 'Country', 'State', 'Payment Terms', 'Rating',
  'PO Number', 'Order Date', 'Needed By', 'Status', 'Requested By', 'Approved By', 'Subtotal', 'Tax Rate',
  'Tax', 'Total', 'Notes', 'Quantity', 'Unit Price', 'Line Total', 'Due Date', 'Department', 'Start Date',
  'Manager', 'Location', 'Serial Number', 'Next Service', 'Priority', 'Owner', 'Amount', 'Currency',
];
export const STATUSES: readonly string[] = ['Draft', 'Submitted', 'Approved', 'Received', 'Closed', 'Rejected', 'On hold', 'Paid'];
export const ADJECTIVES: readonly string[] = [
  'required', 'optional', 'shared', 'private', 'public', 'archived', 'locked', 'active', 'inactive', 'default',
  'custom', 'read-only', 'hidden', 'visible', 'pending', 'overdue', 'recent', 'selected', 'empty', 'duplicate',
  'external', 'internal', 'scheduled', 'signed', 'expired', 'unsaved', 'filtered', 'linked',
];
export const QUALIFIERS: readonly string[] = [
  'in bulk', 'from a sheet', 'with a share link', 'on mobile', 'from the record list', 'with the REST API',
  'to CSV', 'to XLSX', 'for a group', 'for portal users', 'by status', 'by date', 'automatically',
  'with a formula', 'in the Template Designer', 'from your inbox', 'across databases', 'with Zapier',
];

/** Folder topics. A few keep a space in the folder name, like our "cell types". */
export const TOPICS: readonly string[] = [
  'records', 'templates', 'formulas', 'functions', 'forms', 'portals', 'pages', 'sheets', 'files', 'inbox',
  'sharing', 'import', 'export', 'billing', 'members', 'groups', 'roles', 'permissions', 'audit log', 'security',
  'single sign-on', 'api', 'webhooks', 'integrations', 'zapier', 'make', 'mobile', 'android', 'ios',
  'notifications', 'automations', 'approvals', 'dashboards', 'reports', 'charts', 'search', 'workflows',
  'naming', 'badges', 'versions', 'trash', 'backups', 'compliance', 'data retention', 'localization',
  'accessibility', 'troubleshooting', 'getting-started', 'guides', 'usecases', 'inventory', 'purchasing',
  'finance', 'people', 'operations', 'sales', 'crm', 'assets', 'maintenance', 'projects', 'surveys',
  'concepts', 'admin-docs', 'user-docs', 'relationships', 'references', 'validation', 'layouts', 'styling',
];
export const TOPIC_QUALIFIERS: readonly string[] = [
  'basics', 'advanced', 'settings', 'reference', 'admin', 'faq', 'limits', 'setup', 'howto', 'examples',
  'migration', 'tips', 'policies', 'history', 'legacy', 'beta',
];

export const KEYWORDS: readonly string[] = [
  'lock', 'unlock', 'read-only', 'freeze', 'protect', 'copy', 'clone', 'row', 'entry', 'spreadsheet', 'csv',
  'xlsx', 'pdf', 'print', 'history', 'undo', 'rollback', 'share', 'link', 'permissions', 'access', 'sso',
  'saml', 'login', 'password', 'token', 'api', 'rest', 'webhook', 'zapier', 'make', 'automation', 'trigger',
  'approval', 'sign-off', 'signature', 'badge', 'label', 'color', 'status', 'filter', 'view', 'report',
  'chart', 'kpi', 'dashboard', 'mobile', 'phone', 'tablet', 'offline', 'sync', 'upload', 'attachment',
  'file size', 'storage', 'quota', 'billing', 'invoice', 'plan', 'seat', 'trial', 'audit', 'compliance',
  'gdpr', 'retention', 'backup', 'restore', 'trash', 'recycle bin', 'archive', 'formula', 'calculation',
];

/** Extra plain words that appear in running text (connectives and help-doc nouns). */
export const EXTRA_NOUNS: readonly string[] = [
  'toolbar', 'banner', 'panel', 'menu', 'dialog', 'checkbox', 'button', 'list', 'grid', 'header', 'footer',
  'sidebar', 'canvas', 'preview', 'card', 'tab', 'column', 'search box', 'team switcher', 'avatar menu',
  'confirmation', 'error report', 'email', 'link', 'icon', 'tooltip', 'status bar', 'progress bar',
];
