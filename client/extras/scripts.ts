// Third-party scripts from the config (the live-chat widget): added once, async, after the page
// has loaded and the browser is idle, so they never delay reading or the first interaction.
export function loadScriptsWhenIdle(scripts: { src: string; async: boolean }[]): void {
  if (!scripts.length) return;
  const add = () => {
    for (const { src, async } of scripts) {
      if (document.querySelector(`script[data-helpgen-script="${CSS.escape(src)}"]`)) continue;
      const script = document.createElement('script');
      script.src = src;
      script.async = async;
      script.dataset.helpgenScript = src;
      document.body.append(script);
    }
  };
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(add, { timeout: 3000 }) : setTimeout(add, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
