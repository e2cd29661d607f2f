// Loads .vitepress/config.{js,ts,mjs,mts} the way VitePress does, by running it, but without
// the packages it imports: esbuild bundles the config and its own files, and every package
// import (vitepress, a plugin, a theme) becomes an inert stand-in. `defineConfig(x)` and
// wrappers such as `withMermaid(x)` give back x; anything else gives another stand-in. Node's
// own modules are real, since configs read files and paths with them.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

// VitePress looks for .vitepress/config.* and, for a config split into files, config/index.*.
const EXTENSIONS = ['ts', 'mts', 'js', 'mjs'];
export const CONFIG_NAMES = [...EXTENSIONS.map((ext) => `config.${ext}`), ...EXTENSIONS.map((ext) => `config/index.${ext}`)];

export interface LoadedVitepressConfig {
  /** Relative to the source folder: ".vitepress/config.ts". */
  file: string;
  text: string;
  config: Record<string, unknown>;
  /** The config's own files it imports (".vitepress/sidebar.ts"), with their text, to point at a setting's line. */
  modules: { file: string; text: string }[];
  /** Packages the config imports, which were stood in for, with the line of their first import. */
  stubbed: { name: string; line?: number }[];
}

export type VitepressConfigResult = LoadedVitepressConfig | { file?: string; error: string; line?: number; column?: number };

const STUB_GLOBAL = '__helpgenMigrateStub';

export async function loadVitepressConfig(sourceDir: string): Promise<VitepressConfigResult | undefined> {
  const name = CONFIG_NAMES.find((n) => existsSync(join(sourceDir, '.vitepress', n)));
  if (!name) return undefined;
  const file = `.vitepress/${name}`;
  const path = resolve(sourceDir, file);
  const text = readFileSync(path, 'utf8');
  const stubbed = new Map<string, { name: string; line?: number }>();
  let code: string;
  let modules: { file: string; text: string }[] = [];
  try {
    const result = await build({
      entryPoints: [path],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      metafile: true,
      absWorkingDir: resolve(sourceDir),
      define: { 'import.meta.env': '{}' },
      plugins: [standInPlugin(stubbed, text)],
    });
    code = result.outputFiles[0]!.text;
    modules = Object.keys(result.metafile.inputs)
      .filter((input) => !input.includes(':') && !input.startsWith('<') && input !== file && existsSync(join(sourceDir, input)))
      .map((input) => ({ file: input, text: readFileSync(join(sourceDir, input), 'utf8') }));
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
    return { file, error: first?.text ?? String(error), line: first?.location?.line, column: first?.location ? first.location.column + 1 : undefined };
  }
  // import.meta.url and friends must be the config's own, so its relative file reads work.
  code = code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)).replaceAll('import.meta.dirname', JSON.stringify(dirname(path)));
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-vitepress-config-'));
  const out = join(dir, 'config.mjs');
  writeFileSync(out, code);
  (globalThis as Record<string, unknown>)[STUB_GLOBAL] = standIn;
  try {
    const mod = (await import(pathToFileURL(out).href)) as { default?: unknown };
    let config = mod.default;
    if (typeof config === 'function') config = await (config as (env: unknown) => unknown)({ command: 'build', mode: 'production' });
    config = await config;
    if (!config || typeof config !== 'object') return { file, error: 'the config has no default export of settings (export default defineConfig({ … }))' };
    return { file, text, modules, config: config as Record<string, unknown>, stubbed: [...stubbed.values()] };
  } catch (error) {
    return { file, error: `the config threw while loading: ${(error as Error).message}` };
  } finally {
    delete (globalThis as Record<string, unknown>)[STUB_GLOBAL];
    rmSync(dir, { recursive: true, force: true });
  }
}

const BUILTIN = new Set(builtinModules);

/** Bare package imports resolve to a stand-in module exporting the names the importing files ask for. */
function standInPlugin(stubbed: Map<string, { name: string; line?: number }>, configText: string): Plugin {
  return {
    name: 'helpgen-migrate-stand-ins',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point' || /^[a-zA-Z]:[\\/]/.test(args.path)) return undefined;
        if (args.path.startsWith('node:') || BUILTIN.has(args.path.split('/')[0]!)) return { path: args.path, external: true };
        const names = importedNames(args.importer ? readFileSync(args.importer, 'utf8') : '', args.path);
        if (!stubbed.has(args.path)) {
          const at = configText.split('\n').findIndex((l) => l.includes(`'${args.path}'`) || l.includes(`"${args.path}"`));
          stubbed.set(args.path, { name: args.path, line: at === -1 ? undefined : at + 1 });
        }
        return { path: `${args.path}#${names.join(',')}`, namespace: 'stand-in' };
      });
      b.onLoad({ filter: /.*/, namespace: 'stand-in' }, (args) => {
        const [pkg, list] = args.path.split('#') as [string, string];
        const names = list ? list.split(',') : [];
        const s = `globalThis.${STUB_GLOBAL}(${JSON.stringify(pkg)})`;
        const named = names.length ? `export const { ${names.join(', ')} } = s;` : '';
        return { contents: `const s = ${s};\nexport default s;\n${named}`, loader: 'js' };
      });
    },
  };
}

/** The names `import { a, b as c } from 'pkg'` (and `export { … } from`) takes from a package. */
export function importedNames(source: string, pkg: string): string[] {
  const quoted = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`(?:import|export)\\s+(?:type\\s+)?(?:[\\w$]+\\s*,\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g');
  const names = new Set<string>();
  for (const match of source.matchAll(pattern)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
      if (/^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default' && !part.trim().startsWith('type ')) names.add(name);
    }
  }
  return [...names].sort();
}

/** An inert stand-in for anything a package exports: calling it with settings gives them back. */
function standIn(pkg: string): unknown {
  const target = function standInFunction(...args: unknown[]): unknown {
    const first = args[0];
    return first !== null && (typeof first === 'object' || typeof first === 'function') ? first : standIn(pkg);
  };
  return new Proxy(target, {
    get(_t, key) {
      if (key === Symbol.toPrimitive) return () => `[${pkg}]`;
      if (key === 'then') return undefined; // not a promise, so `await` gives it back
      if (key === 'toString' || key === 'valueOf') return () => `[${pkg}]`;
      return standIn(pkg);
    },
    construct: () => ({}),
  });
}
