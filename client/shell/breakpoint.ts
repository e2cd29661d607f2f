// The desktop/mobile breakpoint: desktop when the window is wider than 996 px.
export const desktopQuery = (): MediaQueryList => matchMedia('(min-width: 996.02px)');
export const isDesktop = (): boolean => desktopQuery().matches;
