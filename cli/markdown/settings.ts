// The site settings a page's rendered markdown depends on, derived from the config in this one
// place. The build's main thread renders with them, the render workers are sent them as they
// are, and the build cache on disk is keyed by all of them (markdownSettingsKey): a setting
// added here reaches all three, so no cached page can outlive a change to one of them.
import { join } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';

export interface MarkdownSettings {
  /** The site's base URL ("/support/"): every link and asset href a page writes starts with it. */
  baseUrl: string;
  /** The folder of the pages (siteDir/content): links and embeds are resolved inside it. */
  contentDir: string;
  /** The heading levels a page's table of contents lists (the config's toc). */
  tocMinLevel: number;
  tocMaxLevel: number;
  /** What a link to a .md file that does not exist does. */
  onBrokenMarkdownLinks: 'ignore' | 'log' | 'warn' | 'throw';
  /** Extensions (".html") of files that run script which pages may still link to (scriptFiles.fromContent). */
  scriptAttachments: readonly string[];
}

export function markdownSettings(config: ResolvedConfig, siteDir: string): MarkdownSettings {
  return {
    baseUrl: config.baseUrl,
    contentDir: join(siteDir, 'content'),
    tocMinLevel: config.toc.minHeadingLevel,
    tocMaxLevel: config.toc.maxHeadingLevel,
    onBrokenMarkdownLinks: config.onBrokenMarkdownLinks,
    scriptAttachments: config.scriptFiles.fromContent,
  };
}

/** Names every setting, for the build cache's key: pages rendered under other settings are not reused. */
export function markdownSettingsKey(settings: MarkdownSettings): string {
  return JSON.stringify(settings);
}
