// Docusaurus' <DocCardList /> in a page shows the cards of the category the page stands for
// (cli/pipeline/doc-card-list.ts), as a category page shows them.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';

describe('<DocCardList />', () => {
  it("lists the pages of the page's category as cards, without the page itself", () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-doc-cards-'));
    cpSync(fixture('basic-site'), dir, { recursive: true });
    mkdirSync(join(dir, 'content', 'setup'));
    const page = (name: string, text: string) => writeFileSync(join(dir, 'content', 'setup', name), text);
    page('index.md', "---\ntitle: Setting up\n---\n\nimport DocCardList from '@theme/DocCardList';\n\nPick a step:\n\n<DocCardList />\n");
    page('accounts.md', '---\ntitle: Accounts\nsidebar_position: 1\n---\n\nText.\n');
    page('devices.md', '---\ntitle: Devices & phones\nsidebar_position: 2\n---\n\nText.\n');
    const run = runCli(['build', dir, '--out', 'out']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/DocCardList|doc-cards/);
    const html = readFileSync(join(dir, 'out', 'support', 'setup', 'index.html'), 'utf8');
    expect(html).toContain(
      '<ul class="card-grid doc-card-list"><li class="card-grid__item"><a class="card card--doc" href="/support/setup/accounts"><p class="card__title">Accounts</p></a></li><li class="card-grid__item"><a class="card card--doc" href="/support/setup/devices"><p class="card__title">Devices &amp; phones</p></a></li></ul>',
    );
  });
});
