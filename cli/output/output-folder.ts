// Decides whether a build may replace its output folder. A build replaces the folder as a whole
// (see ./output.ts), so a wrong --out would delete whatever it names: the site itself, its
// content/, a folder of someone else's files. Refused with exit code 2 before anything runs:
// - the site folder, one of its ancestors, or a folder that holds or sits inside content/,
//   static/, node_modules/, .git/ or the config;
// - a file;
// - a folder with files in it that a helpgen build did not write: no manifest (./build-manifest.ts),
//   a manifest that is not valid, or files besides those the manifest lists.
// An empty or missing folder is fine. Every build leaves its manifest in its output.
import { accessSync, constants, existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { HelpgenError } from '../diagnostics/errors.ts';
import { OUTPUT_MARKER, parseManifest, type ManifestEntry } from './build-manifest.ts';

/** Parts of a site folder an output folder must never hold or sit inside. */
const PROTECTED = ['content', 'static', 'node_modules', '.git', 'help.config.ts', 'help.config.mts', 'help.config.js', 'help.config.mjs'];

const EXIT_REFUSED = 2;

/**
 * What the checks found in the output folder, for the rest of the build: its folders (for
 * `assertReplaceable`) and its manifest (for ../output/output-record.ts), so that neither walks
 * the folder or reads the manifest again (at 8,500 pages, 27,800 files in 9,700 folders).
 */
export interface CheckedOutput {
  /** Every folder inside it, "/"-separated, each before the folders it holds. */
  folders: string[];
  /** Its manifest, when it has one: the text and the files it lists. */
  manifest?: { text: string; files: Map<string, ManifestEntry> };
}

export function assertSafeOutputFolder(siteDirArg: string, outDirArg: string): CheckedOutput {
  const siteDir = realResolve(siteDirArg);
  const outDir = realResolve(outDirArg);
  const shown = displayPath(outDirArg);
  const refuse = (why: string, hint: string): never => {
    throw new HelpgenError(`refusing to build into ${shown}: ${why}`, { hint, exitCode: EXIT_REFUSED });
  };
  const anotherFolder = 'Build into a folder of its own, e.g. --out dist (the default).';
  if (isInsideOrSame(siteDir, outDir)) {
    refuse(outDir === siteDir ? 'it is the site folder itself, which the build would replace' : 'it holds the site folder, which the build would replace', anotherFolder);
  }
  // Checked whether they exist or not: an output named static/ would be read back as input.
  for (const name of PROTECTED) {
    const part = join(siteDir, name);
    const what = name.startsWith('help.config') ? `config file ${name}` : `${name}/ folder`;
    if (outDir === part) refuse(`it is the site's ${what}`, anotherFolder);
    if (isInsideOrSame(outDir, part)) refuse(`it is inside the site's ${what}`, anotherFolder);
    if (isInsideOrSame(part, outDir)) refuse(`it holds the site's ${what}`, anotherFolder);
  }
  let stats: Stats;
  try {
    stats = lstatSync(outDir);
  } catch {
    return { folders: [] }; // not there yet
  }
  if (!stats.isDirectory()) refuse('it is a file, not a folder', anotherFolder);
  const checked = filesNotFromABuild(outDir);
  if ('why' in checked) refuse(checked.why, checked.hint);
  return checked as CheckedOutput;
}

/**
 * Why a folder holds files a build did not write, or else what it holds, when it holds only a
 * build's output. A file named .helpgen-output alone proves nothing (a copy of one put into a
 * folder of photos would have let a build delete them): it must be a valid manifest, and every
 * file in the folder one it lists. Files it lists that are gone or changed do not matter here:
 * replacing them loses nothing the build does not write again.
 */
function filesNotFromABuild(outDir: string): CheckedOutput | { why: string; hint: string } {
  const entries = readdirSync(outDir, { withFileTypes: true });
  if (entries.length === 0) return { folders: [] };
  const elsewhere = 'Move those files elsewhere or delete the folder, or pick an empty folder with --out.';
  if (!entries.some((entry) => entry.name === OUTPUT_MARKER)) {
    return {
      why: `it holds files that no helpgen build wrote (${sample(entries.map((entry) => entry.name))}), and a build replaces the whole folder`,
      hint: `${elsewhere} (A folder helpgen built has a ${OUTPUT_MARKER} file listing what it wrote.)`,
    };
  }
  const marker = join(outDir, OUTPUT_MARKER);
  const text = lstatSync(marker).isFile() ? readFileSync(marker, 'utf8') : undefined;
  const manifest = text === undefined ? { problem: 'it is not a file' } : parseManifest(text);
  if (!(manifest instanceof Map)) {
    return {
      why: `its ${OUTPUT_MARKER} is not the list of files a helpgen build writes (${manifest.problem}), so nothing shows that the folder holds only a build's output`,
      hint: `If it holds only an earlier build's output (older helpgen versions wrote a one-line note there), delete the folder and build again; otherwise move your files elsewhere, or pick an empty folder with --out.`,
    };
  }
  // The folder is walked once, here; its folders are what assertReplaceable checks.
  const { files, folders } = walkFolder(outDir, entries);
  const extra = files.filter((path) => path !== OUTPUT_MARKER && !manifest.has(path));
  if (extra.length === 0) return { folders, manifest: { text: text!, files: manifest } };
  extra.sort();
  return {
    why: `it holds ${extra.length} file(s) that its last build did not write (${sample(extra)}), and a build replaces the whole folder`,
    hint: elsewhere,
  };
}

/**
 * Every entry under `dir` that is not a folder (files, links), and every folder, as
 * "/"-separated paths, each folder before what it holds. A plain walk: fast-glob took five times
 * as long over 75,000 files, and this runs before every build. `top`: the entries of `dir`
 * itself, when they were read already.
 */
export function walkFolder(dir: string, top: Dirent[] = readdirSync(dir, { withFileTypes: true })): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  const visit = (entries: Dirent[], prefix: string) => {
    for (const entry of entries) {
      const path = prefix + entry.name;
      if (!entry.isDirectory()) files.push(path);
      else {
        folders.push(path);
        visit(readdirSync(`${dir}/${path}`, { withFileTypes: true }), `${path}/`);
      }
    }
  };
  visit(top, '');
  return { files, folders };
}

/** Every entry under `dir` that is not a folder (files, links), as "/"-separated paths. */
export function filesUnder(dir: string): string[] {
  return walkFolder(dir).files;
}

function sample(names: string[]): string {
  return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}`;
}

/**
 * Fails, before anything is built, when the output folder could not be replaced: its parent
 * folder or a folder inside it is read-only (a replaced output's old files are deleted).
 * `folders`: the folders inside it, when assertSafeOutputFolder has listed them already.
 */
export function assertReplaceable(outDirArg: string, folders?: string[]): void {
  const outDir = resolve(outDirArg);
  const readOnly = (dir: string) => {
    try {
      accessSync(dir, constants.W_OK);
      return false;
    } catch {
      return true;
    }
  };
  const parent = nearestExisting(dirname(outDir));
  const blocked = readOnly(parent) ? parent : existsSync(outDir) ? findReadOnlyFolder(outDir, readOnly, folders) : undefined;
  if (blocked === undefined) return;
  throw new HelpgenError(`cannot replace ${displayPath(outDir)}: ${displayPath(blocked)} is read-only, so nothing was built or changed`, {
    hint: `Make it writable (chmod -R u+w ${shellQuote(displayPath(blocked === parent ? parent : outDir))}) or build into another folder with --out.`,
  });
}

/** The first read-only folder of `dir` and the folders inside it, in the order of a walk. */
function findReadOnlyFolder(dir: string, readOnly: (dir: string) => boolean, folders?: string[]): string | undefined {
  if (!statSync(dir).isDirectory()) return undefined;
  if (readOnly(dir)) return dir;
  for (const folder of folders ?? walkFolder(dir).folders) if (readOnly(`${dir}/${folder}`)) return join(dir, folder);
  return undefined;
}

/** The absolute path with symbolic links resolved, also for a path that does not exist yet. */
export function realResolve(path: string): string {
  const absolute = resolve(path);
  const existing = nearestExisting(absolute);
  const real = realpathSync(existing);
  return existing === absolute ? real : join(real, relative(existing, absolute));
}

function nearestExisting(path: string): string {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** True when `inner` is `outer` or lies inside it (both absolute and resolved). */
export function isInsideOrSame(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

function displayPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  return rel === '' ? '.' : rel.startsWith('..' + sep + '..') || isAbsolute(rel) ? resolve(path) : rel || basename(path);
}

function shellQuote(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
