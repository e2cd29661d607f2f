// helpgen init [DIR]: a new help center that builds as it is: help.config.ts with the settings
// people change most (each commented), content/intro.md as the home page, one page per thing
// a writer can put on a page, .gitignore, package.json with the dev, build and check scripts,
// and a tsconfig.json so editors check help.config.ts. It never overwrites: if any file it
// would write exists, it writes nothing. Then it installs the site's dependencies with the
// package manager it was started from (npm unless npx's caller was pnpm, yarn or bun), as
// create-docusaurus and create-astro do; --no-install skips that.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, isAbsolute } from 'node:path';
import pc from 'picocolors';
import { HelpgenError } from '../diagnostics/errors.ts';
import { helpgenRoot } from '../paths.ts';
import { folderDefaults } from '../config/load.ts';

const STARTER = join(helpgenRoot, 'starter');

export interface InitResult {
  dir: string;
  /** The helpgen dependency written into package.json. */
  dependency: string;
}

export interface InitOptions {
  log?: (line: string) => void;
  /** Install the site's dependencies once it is written (the command's default; --no-install). */
  install?: boolean;
}

export async function runInit(dirArg: string, options: InitOptions = {}): Promise<InitResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const dir = resolve(dirArg);
  const targets = ['help.config.ts', 'content', 'package.json', '.gitignore', 'tsconfig.json'];
  const taken = existsSync(dir) ? targets.filter((name) => existsSync(join(dir, name))) : [];
  if (taken.length) {
    throw new HelpgenError(`${shown(dir)} already has ${taken.join(', ')}; nothing was written`, {
      hint: `helpgen init writes ${targets.join(', ')} and never overwrites a file. Give it a new folder: npx helpgen init my-help`,
    });
  }
  const { title, name, slug } = folderDefaults(dir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new HelpgenError(`cannot make the folder ${shown(dir)}: ${code === 'EEXIST' || code === 'ENOTDIR' ? 'a file of that name is in the way' : (error as Error).message}`, {
      hint: 'Give helpgen init the name of a new folder, or of a folder without a site in it: npx helpgen init my-help',
    });
  }
  cpSync(join(STARTER, 'content'), join(dir, 'content'), { recursive: true, errorOnExist: true, force: false });
  const config = readFileSync(join(STARTER, 'help.config.ts'), 'utf8');
  // JSON.stringify, less its quotes, escapes a folder name's quotes and backslashes for the TS string.
  const literal = (text: string) => JSON.stringify(text).slice(1, -1).replace(/'/g, "\\'");
  writeFileSync(
    join(dir, 'help.config.ts'),
    config.replaceAll('__TITLE__', literal(title)).replaceAll('__PRODUCT__', literal(name)).replaceAll('__SLUG__', slug),
    { flag: 'wx' },
  );
  writeFileSync(join(dir, '.gitignore'), readFileSync(join(STARTER, 'gitignore')), { flag: 'wx' });
  // For the editor: completion and type errors in help.config.ts, through "helpgen/config".
  // (Stored under another name: the package leaves out every tsconfig.json, those of cli/ and
  // client/ included; .gitignore is stored as gitignore for the same reason.)
  writeFileSync(join(dir, 'tsconfig.json'), readFileSync(join(STARTER, 'tsconfig.site.json')), { flag: 'wx' });
  const dependency = helpgenDependency();
  writeFileSync(join(dir, 'package.json'), JSON.stringify(sitePackage(slug, dependency), null, 2) + '\n', { flag: 'wx' });

  const pages = readdirSync(join(dir, 'content', 'writing')).filter((f) => f.endsWith('.md')).length + 1;
  const go = relative(process.cwd(), dir);
  log(`${pc.green('✔')} Created a help center with ${pages} pages in ${shown(dir)}`);
  log('');
  log(`  ${pc.bold('help.config.ts')}     the title, navbar, footer and other settings, each commented`);
  log(`  ${pc.bold('content/intro.md')}   the home page`);
  log(`  ${pc.bold('content/writing/')}   one page per thing a page can hold: read them, then delete the folder`);
  log('');
  const manager = packageManager();
  const installed = options.install !== false && (await installDependencies(dir, manager, log));
  log('Next:');
  if (go) log(`  cd ${/\s/.test(go) ? JSON.stringify(go) : go}`);
  if (!installed) log(`  ${manager} install`);
  log(`  ${manager} run dev      ${pc.dim('# preview at http://localhost:3000/support/, updated on every save')}`);
  log(`  ${manager} run check    ${pc.dim('# what CI runs: build --strict, then a crawl of the built site')}`);
  return { dir, dependency };
}

/** The package manager that started this command (npm_config_user_agent), npm when unknown. */
export function packageManager(agent = process.env.npm_config_user_agent ?? ''): 'npm' | 'pnpm' | 'yarn' | 'bun' {
  const name = /^(npm|pnpm|yarn|bun)\//.exec(agent)?.[1];
  return (name as 'npm' | 'pnpm' | 'yarn' | 'bun' | undefined) ?? 'npm';
}

/**
 * Runs `<manager> install` in the new site, its output shown as it comes. A failure exits
 * non-zero with an error that says the site is written and how to finish by hand.
 */
async function installDependencies(dir: string, manager: string, log: (line: string) => void): Promise<boolean> {
  log(`Installing dependencies (${manager} install)…`);
  const result = await new Promise<{ code: number | null; error?: Error }>((done) => {
    // npm is npm.cmd on Windows, which only a shell starts.
    const child = spawn(manager, ['install'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], shell: process.platform === 'win32' });
    child.once('error', (error) => done({ code: null, error }));
    child.once('exit', (code) => done({ code }));
  });
  if (result.code === 0) {
    log(`${pc.green('✔')} Installed dependencies`);
    log('');
    return true;
  }
  throw new HelpgenError(`the site was written to ${shown(dir)}, but ${manager} install ${result.error ? `could not start: ${result.error.message}` : `failed (exit code ${result.code})`}`, {
    hint: `Fix what ${manager} printed above, then run it yourself: cd ${relative(process.cwd(), dir) || '.'} && ${manager} install. (helpgen init --no-install writes the site without installing.)`,
  });
}

export function sitePackage(name: string, dependency: string): Record<string, unknown> {
  return {
    name,
    private: true,
    scripts: {
      dev: 'helpgen dev',
      build: 'helpgen build',
      // What CI runs: warnings fail too, then the built site's links are crawled.
      check: 'helpgen build --strict && helpgen check',
      serve: 'helpgen serve',
    },
    dependencies: { helpgen: dependency },
    // npm 11.16+ lists dependencies whose install scripts nobody reviewed, and npm 12 skips
    // them. esbuild's postinstall only checks its binary, which npm already installed as
    // @esbuild/<platform>, and helpgen uses its JavaScript API: reviewed, and not needed.
    allowScripts: { esbuild: false },
  };
}

/**
 * How the new site should depend on helpgen: the same way this copy was installed. Run with npx
 * from a tarball or a git URL, the project npx made lists helpgen with that spec (a relative
 * file: path made absolute). Run from a repository checkout, the checkout itself. Otherwise
 * (installed from the registry) this version.
 */
export function helpgenDependency(root = helpgenRoot): string {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  if (basename(dirname(root)) !== 'node_modules') return `file:${root}`;
  const project = dirname(dirname(root));
  try {
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const spec = manifest.dependencies?.helpgen ?? manifest.devDependencies?.helpgen;
    if (spec?.startsWith('file:')) {
      const path = spec.slice('file:'.length);
      return `file:${isAbsolute(path) ? path : resolve(project, path)}`;
    }
    if (spec && !/^[\^~]?\d/.test(spec)) return spec; // a git URL, a tarball URL, a tag
  } catch {
    // A global install has no project file above it.
  }
  return `^${version}`;
}

function shown(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') ? rel + '/' : dir + '/';
}
