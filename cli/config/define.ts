// Typing helper for help.config.ts: `export default defineConfig({...})` gets autocompletion
// and type errors in the editor. It does nothing at run time.
import type { UserConfig } from './schema.ts';

export type { UserConfig } from './schema.ts';

export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
