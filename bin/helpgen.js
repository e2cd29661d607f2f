#!/usr/bin/env node
// One V8 setting, made here rather than in the shebang: node refuses to start on a flag it does
// not know, and --no-turbo-inlining is an internal V8 flag a future node may drop. Set at run
// time, an unknown flag cannot stop node; V8 would still print "unrecognized flag", so it is set
// only on V8 11 to 14 (Node 20 to 26), which have it; it was measured on Node 20. Why it pays: most of a build is
// micromark running through every character while V8 is still compiling it, and less inlining
// makes those optimizing compiles cheaper, so optimized code arrives sooner. Measured on our
// site, interleaved cold builds (CPU time, which machine load skews less than wall time): 4.9 s
// with it, 5.7 s without; the same whether set here or on the command line. The larger young
// generation the shebang used to ask for (--max-semi-space-size=64) gained about 2 % and can only
// be set when node starts, so it is gone.
import { setFlagsFromString } from 'node:v8';
// The launcher loads the CLI only when runCli is called, after the flag is set.
import { runCli } from './launcher.js';

const v8Major = Number(process.versions.v8.split('.')[0]);
if (v8Major >= 11 && v8Major <= 14) setFlagsFromString('--no-turbo-inlining');

// Launcher: compiles the TypeScript CLI with esbuild into node_modules/.cache when any of its
// sources changed, then runs it. This keeps `npx helpgen` working right after `npm install`
// with no build step, and a warm start costs only a few stat() calls.

await runCli(process.argv);
