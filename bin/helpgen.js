#!/usr/bin/env -S node --max-semi-space-size=64 --no-turbo-inlining
// The V8 flags make a cold build of our site ~0.5 s (~14 %) faster, and a 1,700-page build
// ~10 % faster (bench/cold-build.ts, interleaved runs). Most of a build is micromark running
// through every character while V8 is still compiling it: --no-turbo-inlining makes those
// optimizing compiles cheaper, so optimized code arrives sooner, and a 64 MB young generation
// (default 16) collects the parser's short-lived objects four times less often. The young
// generation can only be sized when node starts (and Node warns against changing flags later),
// so they are set here: `npx helpgen`, the package.json scripts and the benchmark all run this
// file directly. `node bin/helpgen.js` works too, only without them.
// Launcher: compiles the TypeScript CLI with esbuild into node_modules/.cache when any of its
// sources changed, then runs it. This keeps `npx helpgen` working right after `npm install`
// with no build step, and a warm start costs only a few stat() calls.
import { runCli } from './launcher.js';

await runCli(process.argv);
