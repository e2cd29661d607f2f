// A page whose rendering threw: the error names the page, and says whether the page or helpgen
// is at fault. (Before, "Maximum call stack size exceeded … bug in helpgen" named no file.)
import { HelpgenError, isHelpgenError } from './errors.ts';

export function pageFailure(file: string, error: unknown, source?: string): HelpgenError {
  if (isHelpgenError(error)) return error;
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new HelpgenError('this page nests too deeply to render (raw HTML elements or inline markup inside one another thousands of times)', {
      position: { file, line: source === undefined ? 1 : deepestElementLine(source), column: 1 },
      hint: 'Flatten the nesting: real pages nest a few levels.',
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new HelpgenError(`rendering this page failed: ${message}`, {
    position: { file },
    hint: 'This is a bug in helpgen: run again with --debug for the stack trace and report it with this page.',
    cause: error,
  });
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** The line where raw HTML elements nest deepest (1 when there are none): where to start flattening. */
export function deepestElementLine(source: string): number {
  let depth = 0;
  let deepest = 0;
  let at = 0;
  for (const tag of source.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^<>]*?(\/?)>/g)) {
    if (tag[1]) depth = Math.max(0, depth - 1);
    else if (!tag[3] && !VOID_ELEMENTS.has(tag[2]!.toLowerCase()) && ++depth > deepest) {
      deepest = depth;
      at = tag.index;
    }
  }
  return source.slice(0, at).split('\n').length;
}

/**
 * A template that threw while rendering a page: names the page (its file, or its address for
 * generated pages) and the template component the error came from, read off the stack.
 */
export function templateFailure(page: { route: string; file?: string }, error: unknown): HelpgenError {
  if (isHelpgenError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const component = componentOf(error);
  return new HelpgenError(`the page template threw while rendering ${page.route}${component ? ` in <${component}>` : ''}: ${message}`, {
    position: { file: page.file ?? page.route },
    hint: `Fix the template${component ? ` component ${component}` : ''} in templates/, or the value from help.config.ts it renders. Run with --debug for the stack trace.`,
    cause: error,
  });
}

/** The innermost React component on the error's stack (functions named in PascalCase). */
function componentOf(error: unknown): string | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const [, name] of stack.matchAll(/^\s+at (?:new )?([\w$.]+) \(/gm)) {
    const last = name!.split('.').pop()!;
    if (/^[A-Z][A-Za-z0-9]*$/.test(last) && !/^(Object|Array|Function|Module|Promise|Reflect|Error|JSON)$/.test(last)) return last;
  }
  return undefined;
}
