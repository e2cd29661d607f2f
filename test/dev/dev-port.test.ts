// `helpgen dev` takes its port before the first build: a port in use is said at once, with the
// port and how to choose another, and nothing is built; a browser that asks while the first
// build runs waits for it instead of getting a not-found page.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliAsync } from '../helpers/cli.ts';
import { copyFixture } from '../helpers/site.ts';
import { DevServer } from '../../cli/dev/dev-server.ts';

const site = copyFixture('basic-site');
afterAll(() => site.cleanup());

function occupy(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

describe('helpgen dev and its port', () => {
  it('stops before building when the port is taken, naming the port and how to pick another', async () => {
    const { server, port } = await occupy();
    try {
      const run = await runCliAsync(['dev', site.dir, '--port', String(port)]);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(run.stderr).toContain(`helpgen dev --port ${port + 1}`);
      expect(run.stderr).toContain(`npm run dev -- --port ${port + 1}`);
      // Nothing was built: the first build writes the dev folder, and says what it is doing.
      const devFolder = join(tmpdir(), `helpgen-dev-${createHash('sha1').update(site.dir).digest('hex').slice(0, 10)}`);
      expect(existsSync(devFolder)).toBe(false);
      expect(run.stdout).not.toContain('ready in');
    } finally {
      server.close();
    }
  });

  it('listens before the first build, and answers a request made during it once it is done', async () => {
    const outRoot = mkdtempSync(join(tmpdir(), 'helpgen-dev-port-'));
    const dev = new DevServer(site.dir, outRoot, { port: 0, host: '127.0.0.1', log: () => {}, watchHelpgenSources: false });
    const started = dev.start();
    try {
      // The port is known as soon as it is taken, while the first build has written no page yet.
      while (dev.port === 0) await new Promise((next) => setImmediate(next));
      expect(existsSync(join(outRoot, 'support', 'index.html'))).toBe(false);
      const page = await fetch(`http://127.0.0.1:${dev.port}/support/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/__helpgen/live-reload.js');
    } finally {
      await started;
      await dev.close();
    }
  });
});
