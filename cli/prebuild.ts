// What the published package ships compiled besides the CLI itself (bin/compile.js runs this at
// pack time): the browser assets (stylesheet and client bundle, as a checkout's first build
// compiles them into its cache) and the live-reload script `helpgen dev` injects. With them, a
// user's build runs no bundler but for the site's own help.config.ts.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileAssets } from './render/assets.ts';
import { compileLiveReload, LIVE_RELOAD_FILE } from './dev/live-reload.ts';

export async function prebuildClient(libDir: string): Promise<void> {
  const clientDir = join(libDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  await compileAssets(clientDir, join(clientDir, 'manifest.json'));
  writeFileSync(join(clientDir, LIVE_RELOAD_FILE), await compileLiveReload());
}
