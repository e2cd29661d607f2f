// Ordo support chat, loaded from /support/chat/widget.js. Its launcher, the floating "Contact
// support" button in the bottom corner of every page kind (doc, category, search, not-found,
// crash), is in each page's HTML (help.config.ts, `scripts[].launcher`: helpgen renders and
// styles it), so it shows at first paint; this script loads only when the reader reaches for it
// (pointer over it, focus on it, a click: one made before the script arrived is replayed once it
// has run). It wires that button and adds a small panel with the ways to reach the support team.
// It needs no account and sends nothing anywhere.
(function () {
  var self = document.currentScript;
  var root = self && document.querySelector('.script-launcher[data-script="' + self.getAttribute('src') + '"]');
  // No launcher in the page (a page from an older build): it makes one, which the site's styles
  // for .script-launcher place and paint all the same.
  if (!root) {
    root = document.createElement('div');
    root.className = 'script-launcher';
    root.innerHTML =
      '<button type="button" class="script-launcher__button">' +
      '<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Z"/></svg>' +
      '<span>Contact support</span></button>';
    document.body.insertBefore(root, document.querySelector('body > .footer'));
  }
  if (root.querySelector('.ordo-chat__panel')) return;
  var button = root.querySelector('.script-launcher__button');
  var panel = document.createElement('div');
  panel.className = 'ordo-chat__panel';
  panel.id = 'ordo-chat-panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Contact Ordo support');
  panel.hidden = true;
  panel.innerHTML =
    '<p class="ordo-chat__title">Need a hand?</p>' +
    '<p>Search the help center first: most answers are one search away.</p>' +
    '<ul>' +
    '<li><button type="button" data-action="search">Search the help center</button></li>' +
    '<li><a href="mailto:support@ordo.app">Email support@ordo.app</a></li>' +
    '<li><a href="https://community.ordo.app" target="_blank" rel="noopener noreferrer">Ask the community</a></li>' +
    '</ul>';
  var style = document.createElement('style');
  style.textContent =
    '.ordo-chat__panel{position:absolute;right:0;bottom:56px;width:280px;max-width:calc(100vw - 32px);padding:16px;border-radius:12px;background:var(--color-surface,#fff);color:var(--color-text,#1b1f24);border:1px solid var(--color-border,#dde1e7);box-shadow:0 12px 32px rgba(0,0,0,.2)}' +
    '.ordo-chat__panel p{margin:0 0 8px}.ordo-chat__title{font-weight:700}' +
    '.ordo-chat__panel ul{list-style:none;margin:0;padding:0}.ordo-chat__panel li{margin:6px 0}' +
    '.ordo-chat__panel a,.ordo-chat__panel li button{display:block;width:100%;text-align:left;padding:8px 10px;border-radius:8px;border:1px solid var(--color-border,#dde1e7);background:none;color:var(--color-link,#1f54c4);font:inherit;cursor:pointer;text-decoration:none}';
  document.head.appendChild(style);
  root.appendChild(panel);
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', panel.id);
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
  panel.querySelector('[data-action="search"]').addEventListener('click', function () {
    setOpen(false);
    window.dispatchEvent(new CustomEvent('helpgen:open-search'));
  });
})();
