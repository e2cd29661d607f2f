// helpgen dev: implemented in the writer-experience work (issue 6).
import { HelpgenError } from '../diagnostics/errors.ts';

export async function runDev(_siteDir: string, _opts: { port: string; host: string; open?: boolean }): Promise<void> {
  throw new HelpgenError('helpgen dev is not available in this version', { hint: 'Use "helpgen build" and "helpgen serve".' });
}
