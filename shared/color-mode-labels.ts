// The colour-mode toggle's labels for the reader's choice: the server renders them for the
// default mode (templates/components/ColorModeToggle.tsx) and the client sets them when the
// choice changes (client/theme/theme.ts), so both say exactly the same. As Docusaurus's toggle
// does, it cycles light → dark → system ("system" follows the operating system's setting).
export type ColorMode = 'light' | 'dark';
export type ColorModeChoice = ColorMode | 'system';

/** The choice a click on the toggle moves to. */
export function nextColorModeChoice(choice: ColorModeChoice): ColorModeChoice {
  return choice === 'light' ? 'dark' : choice === 'dark' ? 'system' : 'light';
}

export function colorModeLabels(choice: ColorModeChoice): { title: string; ariaLabel: string } {
  return { title: `Switch to ${nextColorModeChoice(choice)} mode`, ariaLabel: `Switch between dark and light mode (currently ${choice} mode)` };
}
