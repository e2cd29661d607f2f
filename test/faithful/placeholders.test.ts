// Issue 33, item 1: placeholders fill in prose and front matter, never code; `\{{…}}` is the
// escape; an unknown `{{ name }}` outside code stays as written, with one warning per page.
import { describe, expect, it } from 'vitest';
import { buildSite, mainColumn } from './build-site.ts';

const PAGE = [
  '---',
  'title: About {{product}} and \\{{product}}',
  '---',
  '',
  'Welcome to {{product}}, which {{tagline}}.',
  '',
  '```html',
  '<h4>{{ title }}</h4>',
  '<p>{{product}}</p>',
  '```',
  '',
  '    indented {{product}}',
  '',
  'Inline `{{ title }}` and <code>{{product}}</code> stay.',
  '',
  '<pre>',
  '{{ tagline }}',
  '</pre>',
  '',
  'Escaped: \\{{product}} shows the braces.',
  '',
  'Unknown {{ message }} and {{ count }} stay as written.',
  '',
].join('\n');

describe('placeholders', () => {
  it('replace prose and front matter, never code, and honour the escape', async () => {
    const site = await buildSite({ 'content/intro.md': PAGE });
    const main = mainColumn(site.html('support/index.html'));
    expect(main).toContain('<h1>About Acme and {{product}}</h1>');
    expect(main).toContain('Welcome to Acme, which keeps records.');
    expect(main).toContain('{{ title }}');
    expect(main).not.toContain('Acme Docs');
    expect(main).toMatch(/&#x3C;p>{{product}}&#x3C;\/p>|&lt;p&gt;{{product}}&lt;\/p&gt;|{{product}}<\/span>/);
    expect(main).toContain('indented {{product}}');
    expect(main).toContain('<code>{{ title }}</code>');
    expect(main).toContain('<code>{{product}}</code>');
    expect(main).toMatch(/<pre>\s*{{ tagline }}/);
    expect(main).toContain('Escaped: {{product}} shows the braces.');
    expect(main).toContain('Unknown {{ message }} and {{ count }} stay as written.');
  });

  it('warns once per page about an unknown placeholder, at its line', async () => {
    const site = await buildSite({ 'content/intro.md': PAGE, 'content/other.md': '# Other\n\nNo placeholders, only `{{ code }}`.\n' });
    const unknown = site.diagnostics.filter((d) => d.code === 'unknown-placeholder');
    expect(unknown.map((d) => `${d.position?.file}:${d.position?.line}`)).toEqual(['content/intro.md:22']);
    expect(unknown[0]!.message).toContain('{{ message }}');
    expect(unknown[0]!.hint).toContain('\\{{ message }}');
  });
});
