// What `url` and `baseUrl` may hold. Both are written into pages, robots.txt and the sitemap
// as they are, so anything but a plain web address or path is refused when the config loads,
// at its key: `url: 'javascript:…'` passed a bare URL check and failed the build later as "a
// bug in helpgen", a quote in `url` reached robots.txt raw, and `baseUrl: '/../../x/'` was
// blamed on a content file.

/** Characters that have no place in an address written into HTML, XML and robots.txt. */
const UNSAFE = /["'`<>\\\s\p{Cc}]/u;

/** Why `value` is not an http(s) origin or origin + path, or undefined when it is one. */
export function siteUrlProblem(value: string): string | undefined {
  const unsafe = UNSAFE.exec(value);
  if (unsafe) return `${describe(unsafe[0])} has no place in the address: give it as plain https://host or https://host/path`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a web address: give the origin the site is published at, such as "https://help.example.com"';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${url.protocol}" is not a web address: give an https:// (or http://) origin, such as "https://help.example.com"`;
  if (!/^https?:\/\/[^/]/i.test(value)) return 'give it as https://host, with two slashes after the scheme';
  if (url.username || url.password) return 'a user name or password has no place in the site\'s address';
  if (url.search || url.hash || /[?#]/.test(value)) return 'the site\'s address has no ?query or #fragment';
  return undefined;
}

/** Why `value` is not a base path helpgen can serve pages under, or undefined. */
export function baseUrlProblem(value: string): string | undefined {
  const segments = value.split('/').slice(1, -1);
  if (segments.some((segment) => segment === '..' || segment === '.')) return 'a "." or ".." folder has no place in it: give the path the site is served under, such as "/support/"';
  const unsafe = UNSAFE.exec(value) ?? /[?#%]/.exec(value);
  if (unsafe) return `${describe(unsafe[0])} has no place in it: use letters, digits, "-" and "_" between the slashes, such as "/support/"`;
  return undefined;
}

function describe(character: string): string {
  if (/\s|\p{Cc}/u.test(character)) return 'white space or a control character';
  return `"${character}"`;
}
