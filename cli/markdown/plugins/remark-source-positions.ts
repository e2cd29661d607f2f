// Puts the writer's line and column back on every node after the dialect rewrites
// (../dialects/) moved lines: an include added some, a "!!! note" body was dedented. It must
// run before any plugin that reports a position; without rewrites on the page it does nothing.
import type { Root } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import type { Point } from 'unist';
import { walk } from '../walk.ts';
import type { SourceLine } from '../dialects/source-lines.ts';

export const remarkSourcePositions: Plugin<[], Root> = () => (tree: Root, file: VFile) => {
  const origins = (file.data as { lineOrigins?: SourceLine[] }).lineOrigins;
  if (!origins) return;
  const restore = (point: Point | undefined) => {
    const origin = point && origins[point.line - 1];
    if (!point || !origin) return;
    point.line = origin.line;
    point.column += origin.shift;
  };
  walk(tree, (node) => {
    const position = (node as { position?: { start: Point; end: Point } }).position;
    if (!position) return;
    // Nodes share no point objects, but guard anyway: a point moved twice would drift.
    const end = position.end === position.start ? undefined : position.end;
    restore(position.start);
    restore(end);
  });
};
