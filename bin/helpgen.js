#!/usr/bin/env node
// Launcher: compiles the TypeScript CLI with esbuild into node_modules/.cache when any of its
// sources changed, then runs it. This keeps `npx helpgen` working right after `npm install`
// with no build step, and a warm start costs only a few stat() calls.
import { runCli } from './launcher.js';

await runCli(process.argv);
