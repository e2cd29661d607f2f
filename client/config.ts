// Reads the site settings the server embedded in every page (#helpgen-config).
import type { ClientSearchConfig, SiteData } from '../templates/types.ts';

export interface ClientConfig {
  baseUrl: string;
  search: ClientSearchConfig;
  colorMode: SiteData['colorMode'];
  announcementBarId?: string;
  navbarHideOnScroll: boolean;
  scripts: { src: string; async: boolean }[];
  analyticsEndpoint?: string;
  version: { name: string; label: string };
  sidebarUrl?: string;
}

let cached: ClientConfig | undefined;

export function readConfig(): ClientConfig {
  cached ??= JSON.parse(document.getElementById('helpgen-config')?.textContent ?? '{}') as ClientConfig;
  return cached;
}
