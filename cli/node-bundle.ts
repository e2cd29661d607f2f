// Compiles one TypeScript entry (help.config.ts, templates/render.tsx) into a single ESM module
// for Node, keeping packages external, so helpgen can import it at run time.
import type { BuildOptions } from 'esbuild';

export async function bundleForNode(entry: string, extra: BuildOptions = {}): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'silent',
    ...extra,
  });
  return result.outputFiles![0]!.text;
}
