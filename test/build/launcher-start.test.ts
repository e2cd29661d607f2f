// bin/helpgen.js must start on any node: a flag in its shebang that a node does not know stops
// that node before helpgen runs, so the one V8 setting is made at run time (see the file).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { repoRoot } from '../helpers/site.ts';

describe('bin/helpgen.js', () => {
  it('passes node no flags in its shebang', () => {
    const firstLine = readFileSync(join(repoRoot, 'bin', 'helpgen.js'), 'utf8').split('\n')[0];
    expect(firstLine).toBe('#!/usr/bin/env node');
  });

  it('starts cleanly, with no word from V8 about its flags', () => {
    const run = runCli(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(run.stderr).not.toMatch(/unrecognized flag|bad option/i);
  });
});
