// A page that includes a file ({{#include}}, --8<--, {! !}: cli/markdown/dialects/includes.ts)
// shows the file as it is now, even when the build cache holds the page from a build before
// the file changed.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';

describe('included files and the build cache', () => {
  it('renders a page again when a file it includes changes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-include-cache-'));
    cpSync(fixture('basic-site'), dir, { recursive: true });
    writeFileSync(join(dir, 'content', 'guides', 'shared.txt'), 'First version of the shared text.\n');
    writeFileSync(join(dir, 'content', 'guides', 'included.md'), '---\ntitle: Included\n---\n\n# Included\n\n{{#include shared.txt}}\n');
    const out = (name: string) => readFileSync(join(dir, name, 'support', 'guides', 'included', 'index.html'), 'utf8');
    const first = runCli(['build', dir, '--out', 'first']);
    expect(first.status, first.stderr).toBe(0);
    expect(out('first')).toContain('First version of the shared text.');
    writeFileSync(join(dir, 'content', 'guides', 'shared.txt'), 'Second version of the shared text.\n');
    const second = runCli(['build', dir, '--out', 'second']);
    expect(second.status, second.stderr).toBe(0);
    expect(out('second')).toContain('Second version of the shared text.');
  });
});
