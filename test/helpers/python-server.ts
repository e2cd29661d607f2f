// Python's http.server (`python3 -m http.server`), as people preview a dist/ folder: a plain
// static server with no rules, which answers "/a/b/" with a/b/index.html, redirects "/a/b" to
// "/a/b/" when that folder exists, and has no not-found page of the site's own.
import { spawn } from 'node:child_process';

export const PYTHON = process.env.PYTHON_PATH ?? 'python3';

export interface RunningPythonServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves `root` on 127.0.0.1 and a port the system picks; resolves once it says where it listens. */
export function startPythonServer(root: string): Promise<RunningPythonServer> {
  const child = spawn(PYTHON, ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', root, '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`python3 -m http.server exited (${code}): ${output}`)));
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = /Serving HTTP on \S+ port (\d+)/.exec(output)?.[1];
      if (!port) return;
      child.stdout!.off('data', read);
      // Its request log goes to stderr: drained, so a long crawl never fills the pipe.
      child.stdout!.resume();
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: async () => {
          if (child.exitCode !== null) return;
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout!.on('data', read);
    child.stderr!.resume();
  });
}
