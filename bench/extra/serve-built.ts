// A built site served the way a reader previewing it would: a `helpgen serve` child process
// on a free port (`--port 0`; the port is read from its "Serving … at http://host:port/base/"
// line). Used by the page-type measures (./page-types-run.ts), so what they load is what
// `helpgen serve` sends.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface ServedSite {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  close: () => Promise<void>;
}

/** The origin in `helpgen serve`'s first line ("✔ Serving DIR at http://127.0.0.1:40123/support/"), colours and all. */
export function servedOrigin(output: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes around the address
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  return /\bServing .* at (https?:\/\/[^/\s]+)\//.exec(plain)?.[1]?.replace('//localhost:', '//127.0.0.1:');
}

export async function serveBuilt(options: { helpgenRoot: string; siteDir: string; outDir: string; timeoutMs?: number }): Promise<ServedSite> {
  const child = spawn(process.execPath, [join(options.helpgenRoot, 'bin', 'helpgen.js'), 'serve', options.siteDir, '--out', options.outDir, '--port', '0'], {
    cwd: options.helpgenRoot,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const close = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`helpgen serve printed no address within ${(options.timeoutMs ?? 60_000) / 1000} s: ${output.trim()}`)), options.timeoutMs ?? 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = servedOrigin(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`helpgen serve exited (code ${code}) before serving: ${output.trim()}`));
    });
  }).catch(async (error: Error) => {
    await close();
    throw error;
  });
  return { origin, close };
}
