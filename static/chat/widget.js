// Ordo support chat launcher, loaded asynchronously from /support/chat/widget.js after the page
// is interactive. It adds a floating "Contact support" launcher in the bottom corner of every
// page kind (doc, category, search, not-found, crash), as chat launchers do: a labelled pill
// where the page keeps that corner free (doc pages from 1201 px), elsewhere a round icon button
// that covers as little as possible, with the page's footer ending above it. It opens a small
// panel with the ways to reach the support team. It needs no account and sends nothing anywhere.
(function () {
  if (document.getElementById('ordo-chat')) return;
  var root = document.createElement('div');
  root.id = 'ordo-chat';
  root.innerHTML =
    '<button type="button" class="ordo-chat__button" aria-expanded="false" aria-controls="ordo-chat-panel">' +
    '<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Z"/></svg>' +
    '<span>Contact support</span></button>' +
    '<div class="ordo-chat__panel" id="ordo-chat-panel" role="dialog" aria-label="Contact Ordo support" hidden>' +
    '<p class="ordo-chat__title">Need a hand?</p>' +
    '<p>Search the help center first: most answers are one search away.</p>' +
    '<ul>' +
    '<li><button type="button" data-action="search">Search the help center</button></li>' +
    '<li><a href="mailto:support@ordo.app">Email support@ordo.app</a></li>' +
    '<li><a href="https://community.ordo.app" target="_blank" rel="noopener noreferrer">Ask the community</a></li>' +
    '</ul></div>';
  // Round, icon only (the label stays its accessible name), where no corner is kept free.
  var compact =
    '.ordo-chat__button{width:48px;height:48px;padding:0;justify-content:center}' +
    '.ordo-chat__button span{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}';
  var style = document.createElement('style');
  style.textContent =
    '#ordo-chat{position:fixed;right:16px;bottom:16px;z-index:90;font:14px/1.5 system-ui,sans-serif}' +
    '.ordo-chat__button{display:flex;align-items:center;gap:8px;padding:10px 16px;border:0;border-radius:999px;background:#1f4fb8;color:#fff;font:inherit;font-weight:600;cursor:pointer;box-shadow:0 6px 20px rgba(0,0,0,.25)}' +
    '.ordo-chat__button:focus-visible{outline:3px solid #9ab8ff;outline-offset:2px}' +
    '.ordo-chat__panel{position:absolute;right:0;bottom:56px;width:280px;max-width:calc(100vw - 32px);padding:16px;border-radius:12px;background:var(--color-surface,#fff);color:var(--color-text,#1b1f24);border:1px solid var(--color-border,#dde1e7);box-shadow:0 12px 32px rgba(0,0,0,.2)}' +
    '.ordo-chat__panel p{margin:0 0 8px}.ordo-chat__title{font-weight:700}' +
    '.ordo-chat__panel ul{list-style:none;margin:0;padding:0}.ordo-chat__panel li{margin:6px 0}' +
    '.ordo-chat__panel a,.ordo-chat__panel li button{display:block;width:100%;text-align:left;padding:8px 10px;border-radius:8px;border:1px solid var(--color-border,#dde1e7);background:none;color:var(--color-link,#1f54c4);font:inherit;cursor:pointer;text-decoration:none}' +
    // The end of every page (the footer's last line) stays clear of the launcher.
    'body>.footer{padding-bottom:calc(32px + 72px)}' +
    '@media (max-width:1200px){' + compact + '}' +
    compact.replace(/(^|\})\./g, '$1body:not(.page-doc) .') +
    '@media print{#ordo-chat{display:none}}';
  document.head.appendChild(style);
  var footer = document.querySelector('body > .footer');
  document.body.insertBefore(root, footer);
  var button = root.querySelector('.ordo-chat__button');
  var panel = root.querySelector('.ordo-chat__panel');
  function setOpen(open) {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) panel.querySelector('button, a').focus();
  }
  button.addEventListener('click', function () {
    setOpen(panel.hidden);
  });
  root.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && !panel.hidden) {
      setOpen(false);
      button.focus();
    }
  });
  document.addEventListener('click', function (event) {
    if (!panel.hidden && !root.contains(event.target)) setOpen(false);
  });
  root.querySelector('[data-action="search"]').addEventListener('click', function () {
    setOpen(false);
    window.dispatchEvent(new CustomEvent('helpgen:open-search'));
  });
})();
