// The features that gate client chunks (./client-chunks.ts), and where each comes from: a page's
// content (the page features of shared/feature-chunks.ts, the list the browser loads them by:
// diagrams noted by ../markdown/diagram-needs.ts, tabs and images by ../markdown/plugins/
// rehype-tabs.ts and rehype-images.ts, which see every element the features' selectors match;
// mermaid's own chunks: ./mermaid-chunks.ts) or the site's config (the search provider: the
// local index's code or Algolia's, never both). A file no rule names is always written.
import type { Metafile } from 'esbuild';
import type { ResolvedConfig } from '../config/schema.ts';
import { FEATURE_CHUNKS, featureChunkModule } from '../../shared/feature-chunks.ts';
import { mermaidGates } from './mermaid-chunks.ts';
import { slashes } from './client-chunks.ts';

export const LOCAL_SEARCH = 'search:local';
export const ALGOLIA = 'search:algolia';

/** helpgen's own lazily loaded modules that only some sites or pages use, and the feature each needs. */
const CLIENT_GATES: Record<string, string> = {
  ...Object.fromEntries(FEATURE_CHUNKS.flatMap((chunk) => (chunk.gate ? [[featureChunkModule(chunk), chunk.gate]] : []))),
  'client/search/providers/local.ts': LOCAL_SEARCH,
  'client/search/providers/algolia.ts': ALGOLIA,
  'client/search/providers/insights.ts': ALGOLIA,
};

/** Gates by output key. `root` is the folder esbuild's paths are relative to. */
export function lazyGates(metafile: Metafile, root: string): Map<string, string[]> {
  const outputByEntry = new Map<string, string>();
  for (const [key, output] of Object.entries(metafile.outputs)) if (output.entryPoint) outputByEntry.set(slashes(output.entryPoint), key);
  const gates = new Map<string, string[]>();
  const gate = (input: string | undefined, feature: string) => {
    const output = input && outputByEntry.get(input);
    if (output) gates.set(output, [...(gates.get(output) ?? []), feature]);
  };
  for (const [input, feature] of Object.entries(CLIENT_GATES)) gate(input, feature);
  mermaidGates(metafile, root, gate);
  return gates;
}

/** What the site's config makes every page able to load: the provider client/search/providers/index.ts starts. */
export function configFeatures(config: ResolvedConfig): string[] {
  return [config.search.provider === 'algolia' && config.search.algolia ? ALGOLIA : LOCAL_SEARCH];
}
