// Test helpers: build a site folder into a temporary directory (once per process and folder)
// and serve it with helpgen's own server.
import { mkdtempSync, cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { build, type BuildResult } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { createStaticServer, listen } from '../../cli/serve/server.ts';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const fixture = (name: string) => join(repoRoot, 'test', 'fixtures', name);

const builds = new Map<string, Promise<BuildResult>>();

/** Builds a site into a fresh temp folder; the same site is built once per test process. */
export function buildOnce(siteDir: string, options: { strict?: boolean; searchRecords?: boolean } = {}): Promise<BuildResult> {
  const key = `${siteDir}|${options.strict ? 'strict' : ''}|${options.searchRecords ? 'records' : ''}`;
  let pending = builds.get(key);
  if (!pending) {
    const outDir = mkdtempSync(join(tmpdir(), 'helpgen-test-out-'));
    pending = build({ siteDir, outDir, strict: options.strict, searchRecords: options.searchRecords, reporter: new Reporter(() => {}) });
    builds.set(key, pending);
  }
  return pending;
}

export interface ServedSite {
  origin: string;
  baseUrl: string;
  url(path: string): string;
  close(): Promise<void>;
}

export async function serveBuilt(result: BuildResult): Promise<ServedSite> {
  const server: Server = createStaticServer({ root: result.outDir, baseUrl: result.config.baseUrl });
  const port = await listen(server, 0, '127.0.0.1');
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: result.config.baseUrl,
    url: (path) => origin + (path.startsWith('/') ? path : result.config.baseUrl + path),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** Copies a fixture site into a temp folder a test may change freely. */
export function copyFixture(name: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `helpgen-${name}-`));
  cpSync(fixture(name), dir, { recursive: true, filter: (src) => !src.includes(`${name}/dist`) });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
