// Third-party scripts from the config (the live-chat widget): added once, async, after the page
// has loaded and the browser is idle, so they never delay reading or the first interaction.
import { whenIdle } from '../idle.ts';

export function loadScriptsWhenIdle(scripts: { src: string; async: boolean }[]): void {
  if (!scripts.length) return;
  whenIdle(() => {
    for (const { src, async } of scripts) {
      if (document.querySelector(`script[data-helpgen-script="${CSS.escape(src)}"]`)) continue;
      const script = document.createElement('script');
      script.src = src;
      script.async = async;
      script.dataset.helpgenScript = src;
      document.body.append(script);
    }
  });
}
