// Reads a config that is code (docusaurus.config.ts, sidebars.js) the way its generator does,
// by running it, but without the generator or its plugins: esbuild bundles the file with every
// package import replaced by an inert stand-in, so `require('prism-react-renderer').themes.github`
// or `import type { Config } from '@docusaurus/types'` load without anything installed.
// Node's own modules are real (configs read files with fs and path). What the config computes
// (a year in the copyright, an env variable) is evaluated once, here.
import { createRequire, isBuiltin } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Marks the stand-ins, so readers can tell a stubbed value from a real one. */
export const STUB = Symbol('helpgen migrate stub');

/** A value any property, call or `new` of which is another stand-in. */
function stub(name: string): unknown {
  const target = function stubbed() {};
  return new Proxy(target, {
    get: (_t, key) => {
      if (key === STUB) return name;
      if (key === Symbol.toPrimitive) return () => '';
      if (key === 'then') return undefined; // not a promise
      if (key === '__esModule') return false;
      return stub(`${name}.${String(key)}`);
    },
    // esbuild's interop copies a module's own keys into a new object whose prototype is the
    // module's: a prototype that answers every key lets `import { themes } from 'x'` find one.
    getPrototypeOf: () => new Proxy({}, { get: (_t, key) => (typeof key === 'symbol' || key === 'then' ? undefined : stub(`${name}.${key}`)) }),
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}`) as object,
  });
}

export const isStub = (value: unknown): boolean => (typeof value === 'function' || typeof value === 'object') && value !== null && (value as Record<symbol, unknown>)[STUB] !== undefined;

export interface LoadedConfig {
  value: unknown;
  /** Packages the config imports, each replaced by a stand-in. */
  stubbed: string[];
}

export async function loadCodeConfig(path: string): Promise<LoadedConfig> {
  const stubbed = new Set<string>();
  const stubPackages: Plugin = {
    name: 'stub-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        stubbed.add(args.path);
        return { path: args.path, namespace: 'stub' };
      });
      b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({ contents: `module.exports = globalThis.__helpgenStub(${JSON.stringify(args.path)});`, loader: 'js' }));
    },
  };
  const result = await build({
    entryPoints: [path],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    logLevel: 'silent',
    plugins: [stubPackages],
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path).href), 'import.meta.dirname': JSON.stringify(dirname(path)) },
  });
  const code = result.outputFiles[0]?.text ?? '';
  const realRequire = createRequire(path);
  // require.resolve('./sidebars.js') is how configs name their sidebars file: a path, not a load.
  const configRequire = Object.assign((id: string) => (isBuiltin(id) ? realRequire(id) : stub(id)), {
    resolve: (id: string) => (id.startsWith('.') ? resolve(dirname(path), id) : id),
  });
  const module = { exports: {} as Record<string, unknown> };
  const global = globalThis as { __helpgenStub?: (name: string) => unknown };
  global.__helpgenStub = stub;
  try {
    new Function('module', 'exports', 'require', '__filename', '__dirname', code)(module, module.exports, configRequire, path, dirname(path));
  } finally {
    delete global.__helpgenStub;
  }
  let value: unknown = module.exports.default ?? module.exports;
  if (typeof value === 'function' && !isStub(value)) value = await (value as () => unknown)();
  return { value: await value, stubbed: [...stubbed].sort() };
}
