import { describe, expect, it } from 'vitest';
import { rewriteSiteLiquid } from './jekyll-liquid.ts';

describe('rewriteSiteLiquid', () => {
  it('writes links made with site.baseurl, relative_url and absolute_url as root-absolute links', () => {
    const page = '[Install]({{ site.baseurl }}/guides/install/) and ![Logo]({{ "/assets/logo.svg" | relative_url }}) and [Home]({{site.baseurl}}) and [A]({{ \'/a\' | absolute_url }})\n';
    expect(rewriteSiteLiquid(page)).toEqual({ text: '[Install](/guides/install/) and ![Logo](/assets/logo.svg) and [Home](/) and [A](/a)\n', count: 4 });
  });

  it('writes the site\'s title and description as helpgen\'s placeholders', () => {
    expect(rewriteSiteLiquid('Welcome to {{ site.title }}: {{- site.description -}}.')).toEqual({ text: 'Welcome to {{title}}: {{tagline}}.', count: 2 });
  });

  it('leaves {% raw %} blocks, other variables and text without Liquid as they are', () => {
    const page = '{% raw %}{{ site.title }}{% endraw %} {{ page.title }} {{ site.title }}\n';
    expect(rewriteSiteLiquid(page)).toEqual({ text: '{% raw %}{{ site.title }}{% endraw %} {{ page.title }} {{title}}\n', count: 1 });
    expect(rewriteSiteLiquid('No Liquid here.')).toEqual({ text: 'No Liquid here.', count: 0 });
  });
});
