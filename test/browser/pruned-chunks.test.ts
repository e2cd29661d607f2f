// A production build leaves out the client chunks no page can load (cli/render/client-chunks.ts).
// In Chromium, every page with a diagram (each flowchart of our own site, and one page per kind of
// diagram mermaid draws with other code: sequence, ER, class, state, mindmap, pie, gantt, git,
// a dagre layout, math) draws it with no failed request, and asks only for files the build would
// write for that page alone: a site holding only that page would draw it too.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import fg from 'fast-glob';
import { buildOnce, repoRoot, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { writeSite } from '../helpers/temp-site.ts';
import { buildClientAssets, type BuiltAssets } from '../../cli/render/assets.ts';
import { diagramNeeds } from '../../cli/markdown/diagram-needs.ts';

const ourFlowcharts = fg
  .sync('content/**/*.md', { cwd: repoRoot })
  .sort()
  .flatMap((file) => [...readFileSync(`${repoRoot}/${file}`, 'utf8').matchAll(/^( *)```mermaid\n([\s\S]*?)^\1```/gm)].map((m) => m[2]!.replace(new RegExp(`^${m[1]}`, 'gm'), '')));

const DIAGRAMS: Record<string, string> = {
  sequence: 'sequenceDiagram\n  Writer->>Reviewer: Please approve\n  Reviewer-->>Writer: Approved\n',
  er: 'erDiagram\n  RECORD ||--o{ VERSION : keeps\n',
  class: 'classDiagram\n  Record <|-- Template\n',
  state: 'stateDiagram-v2\n  [*] --> Draft\n  Draft --> Review\n',
  mindmap: 'mindmap\n  root((Ordo))\n    Records\n    Templates\n',
  pie: 'pie title Pages\n  "Guides" : 40\n  "Reference" : 60\n',
  gantt: 'gantt\n  dateFormat YYYY-MM-DD\n  section Launch\n  Write :a1, 2024-01-01, 3d\n',
  git: 'gitGraph\n  commit\n  branch docs\n  commit\n',
  dagre: '---\nconfig:\n  layout: dagre\n---\nflowchart LR\n  A --> B\n',
  math: 'flowchart LR\n  A["$$x^2$$"] --> B\n',
};
const pages: Record<string, string> = Object.fromEntries([
  ...ourFlowcharts.map((source, i) => [`ours-${i}`, source] as const),
  ...Object.entries(DIAGRAMS),
]);

let site: ServedSite;
let browser: Browser;
let assets: BuiltAssets;
beforeAll(async () => {
  const files: Record<string, string> = { 'content/intro.md': '---\ntitle: Home\n---\n\nHello.\n' };
  for (const [name, source] of Object.entries(pages)) files[`content/${name}.md`] = `---\ntitle: ${name}\n---\n\n\`\`\`mermaid\n${source}\`\`\`\n`;
  const result = await buildOnce(writeSite(files));
  site = await serveBuilt(result);
  browser = await launchBrowser();
  assets = await buildClientAssets(result.config.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

it('has our own diagrams to check', () => {
  expect(ourFlowcharts.length).toBeGreaterThan(2);
});

for (const [name, source] of Object.entries(pages)) {
  it(`draws the ${name} diagram with no failed request, from the files its page alone needs`, async () => {
    const { context, page } = await openPage(browser);
    const scripts: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
    });
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(site.url(name));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('figure.diagram')?.dataset.state !== undefined);
    expect(await page.locator('figure.diagram').getAttribute('data-state')).toBe('drawn');
    expect(failed).toEqual([]);
    const alone = new Set(assets.filesFor(diagramNeeds(source)).map((file) => file.path));
    expect(scripts.filter((file) => !alone.has(file))).toEqual([]);
    await context.close();
  });
}
