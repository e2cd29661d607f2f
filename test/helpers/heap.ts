// What the heap of the thread running a test still holds, read from a V8 heap snapshot (which
// collects all garbage first): for tests that something built from a large text does not keep
// the text alive. A snapshot is a few seconds' work in vitest's worker, so such tests are few.
import { getHeapSnapshot } from 'node:v8';
import { text } from 'node:stream/consumers';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** The sizes in bytes of the strings alive in this thread's heap whose text starts with `prefix`. */
export async function liveStringsStartingWith(prefix: string): Promise<number[]> {
  const { snapshot, nodes, strings } = JSON.parse(await text(getHeapSnapshot())) as Snapshot;
  const fields = snapshot.meta.node_fields;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const types = snapshot.meta.node_types[0];
  const sizes: number[] = [];
  for (let node = 0; node < nodes.length; node += fields.length) {
    // A string's node is named by its text (its first 1,024 characters or so).
    if (types[nodes[node + typeAt]!] === 'string' && strings[nodes[node + nameAt]!]!.startsWith(prefix)) sizes.push(nodes[node + sizeAt]!);
  }
  return sizes;
}
