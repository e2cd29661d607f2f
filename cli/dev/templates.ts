// Recompiles templates/ when a writer's developer edits them during `helpgen dev`, so the next
// rebuild renders with the new components without restarting the server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { helpgenCacheDir, helpgenRoot } from '../paths.ts';
import { bundleForNode } from '../node-bundle.ts';
import type { Templates } from '../pipeline/site-build.ts';

export async function compileTemplates(): Promise<Templates> {
  const { code } = await bundleForNode(join(helpgenRoot, 'templates', 'render.tsx'));
  const dir = join(helpgenCacheDir, 'dev-templates');
  mkdirSync(dir, { recursive: true });
  // A new file name per version: Node caches modules by URL.
  const file = join(dir, `render-${createHash('sha1').update(code).digest('hex').slice(0, 12)}.mjs`);
  writeFileSync(file, code);
  const mod = (await import(pathToFileURL(file).href)) as Templates;
  return { renderPage: mod.renderPage, renderSidebarFragment: mod.renderSidebarFragment };
}
