// The theme feature's public face: the provider, its hook and the header switch.
export { type ThemeContextValue, ThemeProvider, useTheme } from './ThemeProvider';
export { ThemeToggle } from './ThemeToggle';
