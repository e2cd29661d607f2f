// The colour-mode toggle's labels for the mode on screen: the server renders them for the default
// mode (templates/components/ColorModeToggle.tsx) and the client sets them when the mode changes
// (client/theme/theme.ts), so both say exactly the same.
export type ColorMode = 'light' | 'dark';

export function colorModeLabels(mode: ColorMode): { title: string; ariaLabel: string } {
  const next = mode === 'dark' ? 'light' : 'dark';
  return { title: `Switch to ${next} mode`, ariaLabel: `Switch between dark and light mode (currently ${mode} mode)` };
}
