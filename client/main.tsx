// Browser entry: hydrates the server-rendered islands and wires the shell behaviours.
import { hydrateRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import { ColorModeToggle } from '../templates/islands/ColorModeToggle.tsx';
import { SearchButton } from '../templates/islands/SearchButton.tsx';
import { SearchPageResults } from '../templates/islands/SearchPageResults.tsx';
import { initTheme } from './theme/theme.ts';
import { initSidebar } from './shell/sidebar.ts';
import { initCodeBlocks } from './shell/code-blocks.ts';

const islands: Record<string, ComponentType<never>> = {
  ColorModeToggle: ColorModeToggle as ComponentType<never>,
  SearchButton: SearchButton as ComponentType<never>,
  SearchPageResults: SearchPageResults as ComponentType<never>,
};

function hydrateIslands(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const component = islands[el.dataset.island ?? ''];
    if (!component || el.dataset.hydrated) continue;
    el.dataset.hydrated = 'true';
    const props = JSON.parse(el.dataset.props ?? '{}') as never;
    const Component = component as ComponentType<Record<string, unknown>>;
    hydrateRoot(el, <Component {...(props as Record<string, unknown>)} />);
  }
}

initTheme();
hydrateIslands();
initSidebar();
initCodeBlocks();
