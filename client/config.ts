// Reads the site settings the server embedded in every page (script#helpgen-config).
import type { ClientSearchConfig, SiteData, SiteScript } from '../shared/types.ts';

export interface ClientConfig {
  baseUrl: string;
  search: ClientSearchConfig;
  colorMode: SiteData['colorMode'];
  announcementBarId?: string;
  navbarHideOnScroll: boolean;
  scripts: SiteScript[];
  analyticsEndpoint?: string;
  version: { name: string; label: string };
  sidebarUrl?: string;
}

let cached: ClientConfig | undefined;

export function readConfig(): ClientConfig {
  // Found by element type as well as id: a page's content cannot make a <script> element (the
  // sanitizer removes them), while a heading may well have the id "helpgen-config" and come first.
  cached ??= JSON.parse(document.querySelector('script#helpgen-config[type="application/json"]')?.textContent ?? '{}') as ClientConfig;
  return cached;
}
