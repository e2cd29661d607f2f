// Draws the page's mermaid diagrams (markup from cli/markdown/plugins/rehype-diagrams.ts) and
// draws them again when the colour mode changes. Mermaid is large, so this module, and mermaid
// with it, is loaded only on pages that have a diagram. Until a diagram is drawn, and if its
// source has a mistake, the reader sees the source text; once drawn, the source stays as text
// under a closed "Diagram source" disclosure, for screen readers and for copying.
import mermaid from 'mermaid';

let drawn = 0;
let queue: Promise<void> = Promise.resolve();
let watching = false;
/** Each drawn figure's source, which has moved into the disclosure after it. */
const movedSources = new WeakMap<HTMLElement, HTMLElement>();

export function init(scope: ParentNode = document): void {
  const figures = [...scope.querySelectorAll<HTMLElement>('figure.diagram:not([data-ready])')];
  for (const figure of figures) figure.dataset.ready = 'true';
  drawAll(figures);
  if (!watching) {
    watching = true;
    new MutationObserver(() => drawAll([...document.querySelectorAll<HTMLElement>('figure.diagram[data-ready]')])).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
  }
}

/** Mermaid draws one diagram at a time, so drawings wait for each other. */
function drawAll(figures: HTMLElement[]): void {
  if (!figures.length) return;
  queue = queue.then(async () => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', suppressErrorRendering: true, theme: 'base', themeVariables: siteColours() });
    for (const figure of figures) if (figure.isConnected) await draw(figure);
  });
}

/** Mermaid's "base" theme in the site's own colours, light or dark (templates/styles/00-base.css). */
function siteColours(): Record<string, string | boolean> {
  const style = getComputedStyle(document.documentElement);
  const colour = (name: string) => style.getPropertyValue(name).trim();
  return {
    darkMode: document.documentElement.dataset.theme === 'dark',
    background: colour('--color-surface'),
    primaryColor: colour('--color-primary-soft'),
    primaryBorderColor: colour('--color-primary'),
    primaryTextColor: colour('--color-text'),
    secondaryColor: colour('--color-bg-muted'),
    tertiaryColor: colour('--color-bg-subtle'),
    lineColor: colour('--color-text-muted'),
    edgeLabelBackground: colour('--color-surface'),
    textColor: colour('--color-text'),
    fontFamily: getComputedStyle(document.body).fontFamily,
  };
}

async function draw(figure: HTMLElement): Promise<void> {
  const source = movedSources.get(figure) ?? figure.querySelector<HTMLElement>('.diagram__source');
  if (!source) return;
  try {
    const { svg } = await mermaid.render(`diagram-${++drawn}`, source.textContent ?? '');
    let canvas = figure.querySelector<HTMLElement>('.diagram__canvas');
    if (!canvas) {
      canvas = document.createElement('div');
      canvas.className = 'diagram__canvas';
      figure.prepend(canvas);
    }
    canvas.innerHTML = svg;
    // Shrunk to a phone's width a wide diagram's text is unreadable: below 560 px it scrolls instead.
    const drawing = canvas.querySelector('svg');
    const natural = parseFloat(drawing?.style.maxWidth ?? '');
    if (drawing && natural) drawing.style.minWidth = `${Math.min(natural, 560)}px`;
    // A diagram wider than its box scrolls, so keyboard users must be able to reach it.
    if (figure.scrollWidth > figure.clientWidth) figure.tabIndex = 0;
    keepSourceAsText(figure, source);
    figure.dataset.state = 'drawn';
  } catch (error) {
    figure.dataset.state = 'error';
    source.hidden = false;
    (source.parentElement as HTMLDetailsElement | null)?.closest('details')?.setAttribute('open', '');
    figure.querySelector('.diagram__canvas')?.remove();
    console.warn('A diagram on this page could not be drawn; its source is shown instead.', error);
  }
}

/** The drawn diagram's source, folded into a "Diagram source" disclosure under the drawing. */
function keepSourceAsText(figure: HTMLElement, source: HTMLElement): void {
  source.hidden = false;
  if (movedSources.has(figure)) return; // drawn again (the colour mode changed)
  movedSources.set(figure, source);
  const details = document.createElement('details');
  details.className = 'diagram__details';
  const summary = document.createElement('summary');
  summary.textContent = 'Diagram source';
  details.append(summary);
  source.replaceWith(details);
  details.append(source);
  // The drawing scrolls inside the figure on a phone; the disclosure stays in view below it.
  figure.after(details);
}
