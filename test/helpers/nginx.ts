// Debian's nginx, started by a test with the server block docs/hosting.md gives (its first
// ```nginx block, as ops would paste it), pointed at a built site on 127.0.0.1 and a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './site.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * Debian's stock server block (/etc/nginx/sites-available/default without its comments and its
 * IPv6 listen line): no rewrite rules, no error page, a folder answered by its index.html.
 */
export const STOCK_SERVER_BLOCK = `server {
	listen 80 default_server;
	root /var/www/html;
	index index.html index.htm index.nginx-debian.html;
	server_name _;
	location / {
		try_files $uri $uri/ =404;
	}
}
`;

/** The nginx server block of docs/hosting.md. */
export function documentedServerBlock(): string {
  const doc = readFileSync(join(repoRoot, 'docs', 'hosting.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/hosting.md has no ```nginx block');
  return block;
}

export interface RunningNginx {
  origin: string;
  close(): Promise<void>;
}

/** Starts nginx in the foreground with `serverBlock` serving `root`. */
export async function startNginx(root: string, serverBlock = documentedServerBlock()): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-nginx-'));
  mkdirSync(join(dir, 'temp'));
  const port = await freePort();
  const server = serverBlock
    .replace(/^(\s*)listen\s+[^;]+;/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^(\s*)root\s+[^;]+;/m, `$1root ${root};`);
  if (!server.includes(`listen 127.0.0.1:${port};`) || !server.includes(`root ${root};`)) throw new Error('the server block has no listen or root line');
  // One process, no workers: nothing switches to another user who could not read the site.
  const config = `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
${server}
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const origin = `http://127.0.0.1:${port}`;
  await waitForListening(child, port, () => `${stderr}${safeRead(join(dir, 'error.log'))}`);
  return {
    origin,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once nginx accepts connections; rejects with its messages if it exits first. */
async function waitForListening(child: ChildProcess, port: number, messages: () => string): Promise<void> {
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited (${code}): ${messages()}`))));
  for (;;) {
    const open = await Promise.race([
      exited,
      fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      ),
    ]);
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
