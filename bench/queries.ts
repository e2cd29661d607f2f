// 100 search queries a reader of a help centre types: task words, UI labels, product nouns,
// cell and function names, partial words (search-as-you-type sends prefixes), multi-word
// questions, and a few misspellings. The same list is used at every site size.
export const QUERIES: readonly string[] = [
  'lock', 'lock record', 'unlock a record', 'export', 'export csv', 'export records to xlsx', 'import',
  'import csv', 'imp', 'impo', 'api', 'api key', 'rest api pagination', 'rate limit', 'webhook', 'zapier',
  'make integration', 'permissions', 'granular permissions', 'perm', 'role', 'admin role', 'viewer',
  'designer', 'owner transfer', 'invite member', 'remove member', 'group', 'groups', 'billing', 'invoice',
  'plan', 'enterprise sso', 'single sign-on', 'saml', 'audit log', 'trash', 'restore deleted record',
  'version history', 'versions', 'compare versions', 'duplicate record', 'move record', 'assign', 'assignment',
  'inbox', 'notifications', 'badge', 'badges overdue', 'template', 'template designer', 'create template',
  'cell', 'cell types', 'date cell', 'select cell', 'reference cell', 'currency', 'formula', 'formulas round',
  'sum', 'countif', 'datedif', 'if', 'filter', 'filter by status', 'sort', 'sheet', 'open as sheet', 'form',
  'public form', 'share link', 'portal', 'portal users', 'page', 'dashboard', 'chart', 'file', 'upload file',
  'attachments', 'file size limit', 'download pdf', 'print', 'mobile', 'android', 'ios app', 'offline',
  'purchase order', 'PO-1042', 'vendor', 'kestrel timber', 'how do i lock a purchase order',
  'who can delete records', 'why is the save button greyed out', 'naming pattern', 'required cell', 'recrod', 'templat', 'permision', 'exprot',
];
