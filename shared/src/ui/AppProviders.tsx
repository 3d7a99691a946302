/**
 * Theme and session around an app: the shell wraps the whole page in these, and a remote's
 * standalone preview wraps itself in the same, so a screen looks and behaves alike in both.
 */
import type { ReactNode } from 'react';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { TranslationProvider } from '../i18n/react';
import { SessionProvider } from '../session/SessionProvider';
import { theme } from '../theme';

const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme: t }) => t.palette.background};
    color: ${({ theme: t }) => t.palette.text};
    font-family: ${({ theme: t }) => t.font.family};
    font-size: 16px;
    line-height: 1.5;
  }
  a { color: ${({ theme: t }) => t.palette.primary}; }
  button, input, select, textarea { font: inherit; }
`;

/**
 * `globalStyles: false` for a fragment that lands inside a page which has them already (a remote's
 * prerendered page inside the shell's).
 */
export function AppProviders({ children, globalStyles = true }: { children: ReactNode; globalStyles?: boolean }) {
  return (
    <ThemeProvider theme={theme}>
      {globalStyles && <GlobalStyle />}
      <TranslationProvider>
        <SessionProvider>{children}</SessionProvider>
      </TranslationProvider>
    </ThemeProvider>
  );
}
