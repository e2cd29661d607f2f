// Runs in <head> before the first paint: applies the stored or system colour mode and the
// announcement-bar state, so readers never see the wrong theme flash or a closed bar jump.
// Kept tiny (< 1 KB) because it blocks rendering.
import type { SiteData } from '../../shared/types.ts';
import { scriptJson } from './script-json.ts';

export function themeScript(site: SiteData): string {
  const { defaultMode, respectPrefersColorScheme, disableSwitch } = site.colorMode;
  const barId = site.announcementBar?.id;
  return (
    `(function(){var d=document.documentElement;d.classList.add('js');` +
    `function s(k){try{return localStorage.getItem(k)}catch(e){return null}}` +
    `var q=new URLSearchParams(location.search).get('docusaurus-theme');` +
    `var t=${disableSwitch ? 'null' : "q||s('theme')"};var c=t==='light'||t==='dark'?t:'system';` +
    `if(c==='system'){t=${respectPrefersColorScheme ? "matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'" : scriptJson(defaultMode)}}` +
    `d.setAttribute('data-theme',t);d.setAttribute('data-theme-choice',c);` +
    (barId
      ? `if(s('docusaurus.announcement.id')===${scriptJson(barId)}&&s('docusaurus.announcement.dismiss')==='true')d.setAttribute('data-announcement-bar-initially-dismissed','true');`
      : '') +
    `})();`
  );
}
