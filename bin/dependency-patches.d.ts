// Types for bin/dependency-patches.js (plain JavaScript, so the launcher runs without a compile step).
import type { Plugin } from 'esbuild';

export interface DependencyPatch {
  id: string;
  /** The patched file: a package name and a path inside it ("mdast-util-from-markdown/lib/index.js"). */
  module: string;
  find: string;
  replace: string;
}

export const PATCHES: DependencyPatch[];
export function patchSource(path: string, source: string): { source: string; applied: string[] };
export const dependencyPatches: Plugin;
