#!/usr/bin/env node
// `npm run real-world-docs`: builds four public doc sets helpgen did not write (issue 15) and
// compares their broken links with the known counts. Optional, and not part of `npm test`: it
// needs the snapshots, fetched from GitHub into .real-world-docs/ (git-ignored), or taken from
// local clones with --from DIR (DIR/<owner>+<name>/repo, a bare or normal git directory).
// The doc sets stay out of the repository (licences, size); test/fixtures/real-world/ holds
// miniatures of every construct they broke, which the tests build from a fresh clone.
//
//   npm run real-world-docs [-- --from /work/.mirror] [-- --only vue]
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const work = join(root, '.real-world-docs');

// The snapshots the counts were measured on (helpgen's default settings; every occurrence of a
// broken link is one, as the build reports each place to fix).
const DOC_SETS = [
  { name: 'electron', repo: 'electron/electron', commit: '96f3996d8d3ce6e2fcfb86326fc4b953b53936fb', docs: 'docs', links: 16, anchors: 0, what: 'links to files of the repository outside docs/' },
  { name: 'rust-book', repo: 'rust-lang/book', commit: '917544888a55e4da7109bdba8c88c893c0da70f4', docs: 'src', links: 33, anchors: 0, what: 'links to the standard library, reference and other books' },
  { name: 'vue', repo: 'vuejs/docs', commit: '01e098a967951ea92d09b100b8e7d82c7a3369a2', docs: 'src', links: 0, anchors: 1, what: 'one #definecomponent anchor that no page has' },
  { name: 'homebrew', repo: 'Homebrew/brew', commit: 'aad366ffaf6a8c94c66d35e4b990d42ac4195305', docs: 'docs', links: 102, anchors: 0, what: '101 /rubydoc links and one repository-root link in vale-styles/' },
];

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const from = option('--from');
const only = option('--only');

let failed = false;
for (const set of DOC_SETS.filter((s) => !only || s.name === only)) {
  const site = join(work, set.name);
  rmSync(site, { recursive: true, force: true });
  mkdirSync(join(site, 'snapshot'), { recursive: true });
  snapshot(set, join(site, 'snapshot'));
  cpSync(join(site, 'snapshot', set.docs), join(site, 'content'), { recursive: true });
  rmSync(join(site, 'snapshot'), { recursive: true, force: true });

  const strict = build(site);
  const links = count(strict.stderr, 'broken-link');
  const anchors = count(strict.stderr, 'broken-anchor');
  writeFileSync(join(site, 'help.config.ts'), "export default { onBrokenLinks: 'warn' };\n");
  const lenient = build(site);
  const built = /Built (\d+) pages/.exec(lenient.stdout)?.[1];
  const ok = strict.status === (set.links ? 1 : 0) && links === set.links && anchors === set.anchors && lenient.status === 0;
  failed ||= !ok;
  process.stdout.write(
    `${ok ? 'ok  ' : 'FAIL'} ${set.name}: ${links} broken links (known ${set.links}: ${set.what}), ${anchors} broken anchors (known ${set.anchors}); ` +
      `with broken links as warnings: ${lenient.status === 0 ? `built ${built} pages` : `failed (exit ${lenient.status})`}\n`,
  );
  if (!ok) process.stdout.write(strict.stderr.split('\n').filter((line) => /\((broken-link|broken-anchor)\)$|bug in helpgen|Error/.test(line)).join('\n') + '\n');
}
process.exitCode = failed ? 1 : 0;

function snapshot(set, into) {
  const archive = (gitDir) => {
    const tar = execFileSync('git', ['--git-dir', gitDir, 'archive', set.commit, set.docs], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', into], { input: tar });
  };
  if (from) return archive(join(from, `${set.repo.replace('/', '+')}`, 'repo'));
  const clone = join(into, '.git');
  execFileSync('git', ['init', '--quiet', '--bare', clone]);
  execFileSync('git', ['--git-dir', clone, 'fetch', '--quiet', '--depth', '1', `https://github.com/${set.repo}.git`, set.commit], { stdio: 'inherit' });
  archive(clone);
  rmSync(clone, { recursive: true, force: true });
}

function build(site) {
  const result = spawnSync(process.execPath, [join(root, 'bin', 'helpgen.js'), 'build', site, '--out', join(site, 'dist')], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function count(output, code) {
  return output.split('\n').filter((line) => line.endsWith(`(${code})`)).length;
}

