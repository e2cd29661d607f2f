// Types for bin/dependency-patches.js (plain JavaScript, so the launcher runs without a compile step).
import type { Plugin } from 'esbuild';

export interface DependencyPatch {
  id: string;
  /** The patched file: a package name and a path inside it ("mdast-util-from-markdown/lib/index.js"). */
  module: string;
  find: string;
  replace: string;
  /** The edit it is part of, when that is not its own id (see editOf). */
  edit?: string;
}

export interface SkippedEdit {
  name: string;
  reason: string;
}

export const PATCHES: DependencyPatch[];
export function editOf(patch: DependencyPatch): string;
export function patchSource(path: string, source: string, all?: DependencyPatch[]): { source: string; applied: string[]; skipped: SkippedEdit[] };
export function editsToLeaveOut(names: string | undefined): string[];
export function patchingPlugin(options?: { leaveOut?: string[] }): { plugin: Plugin; applied: string[]; skipped: SkippedEdit[]; notLoaded(): string[] };
export const dependencyPatches: Plugin;
