/** Theme tokens of docs/PRODUCT.md section 9, given to styled-components' ThemeProvider by the shell. */
export const theme = {
  palette: {
    mode: 'light',
    primary: '#651FFF',
    primaryDark: '#4A00E0',
    primaryContrast: '#FFFFFF',
    background: '#E3F2FD',
    paper: '#FFFFFF',
    text: '#002C3F',
    textMuted: '#4B6472',
    divider: '#C9D6E0',
    success: '#1B873F',
    error: '#C62828',
    warning: '#B26A00',
  },
  font: { family: "'Poppins', system-ui, -apple-system, 'Segoe UI', sans-serif" },
  /** Breakpoints in px (min-width), named as Material UI names them; the menu collapses below `lg`. */
  breakpoints: { sm: 600, md: 900, lg: 1200, xl: 1536 },
  /** The container's max width: the `lg` breakpoint. */
  containerMaxWidth: 1200,
  navHeight: 64,
  radius: 8,
  /** Smallest comfortable touch target (px). */
  touchTarget: 48,
  shadow: '0 2px 8px rgba(0, 44, 63, 0.12)',
} as const;

export type Theme = typeof theme;

/** `@media` query for widths at or above a breakpoint. */
export const up = (breakpoint: keyof Theme['breakpoints']) => `@media (min-width: ${theme.breakpoints[breakpoint]}px)`;
/** `@media` query for widths below a breakpoint. */
export const down = (breakpoint: keyof Theme['breakpoints']) => `@media (max-width: ${theme.breakpoints[breakpoint] - 0.02}px)`;

// Every styled component in the workspace sees these tokens as `props.theme`; declared here so any
// package that imports the theme (directly or through @blockpilot/shared) gets the typing.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
