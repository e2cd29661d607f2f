// A page that moves (an explicit sidebar laid out as folders) keeps its relative links working:
// each markdown link or image to another copied file is pointed at where that file now is.
import { posix } from 'node:path';

// [text](target "title") and ![alt](target), the target up to a space or ")"; <angle> targets too.
const LINK = /(\]\(\s*)(<[^>]*>|[^)\s]+)/g;

/**
 * `text` of the page copied from `from` to `to` (both relative: to the source folder and to
 * content/), its links rewritten through `moved` (source path → content path).
 */
export function rewriteRelativeLinks(text: string, from: string, to: string, moved: ReadonlyMap<string, string>): string {
  const fromDir = posix.dirname(from);
  const toDir = posix.dirname(to);
  return text.replace(LINK, (whole, open: string, written: string) => {
    const angle = written.startsWith('<');
    const target = angle ? written.slice(1, -1) : written;
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(target)) return whole;
    const [path = '', ...hash] = target.split('#');
    let decoded: string;
    try {
      decoded = decodeURI(path);
    } catch {
      return whole;
    }
    const now = moved.get(posix.normalize(posix.join(fromDir, decoded)));
    if (now === undefined) return whole;
    let rel = posix.relative(toDir, now) || posix.basename(now);
    if (!rel.startsWith('.')) rel = `./${rel}`;
    const rewritten = encodeURI(rel) + (hash.length ? `#${hash.join('#')}` : '');
    return open + (angle ? `<${rewritten}>` : rewritten);
  });
}
