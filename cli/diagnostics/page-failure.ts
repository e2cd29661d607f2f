// A page whose rendering threw: the error names the page, and says whether the page or helpgen
// is at fault. (Before, "Maximum call stack size exceeded … bug in helpgen" named no file.)
import { HelpgenError, isHelpgenError } from './errors.ts';

export function pageFailure(file: string, error: unknown): HelpgenError {
  if (isHelpgenError(error)) return error;
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new HelpgenError('this page nests too deeply to render (raw HTML elements or inline markup inside one another thousands of times)', {
      position: { file },
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
