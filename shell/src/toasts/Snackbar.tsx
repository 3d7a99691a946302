/**
 * The global alert toast: stacked in the bottom-right corner, away from the forms and fields that
 * raise them (under the navigation bar on a phone, one at a time below the `sm` breakpoint: a new
 * toast replaces the one shown), hides itself after 5 s. It shows what anything in the page sends
 * through `notify`, newest last; a repeat or a newer answer of the same form replaces the older
 * toast instead of stacking (docs/FRONTEND.md, "Toasts").
 */
import { down, onNotify, STICKY_BAR_HEIGHT_VARIABLE, TOAST_MS, withToast, type Toast } from '@blockpilot/shared';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

/** Below this width the page has room for one toast: a new one replaces the one shown. */
const ONE_AT_A_TIME = down('sm').replace(/^@media\s*/, '');

const Stack = styled.div`
  position: fixed;
  right: 16px;
  bottom: 16px;
  left: auto;
  width: min(400px, calc(100vw - 32px));
  z-index: 1400;
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: 8px;
  pointer-events: none;
  /* On a phone the bottom holds the tab bar and forms' Save buttons: toasts drop in under the
     navigation bar instead, and under a bar a screen keeps stuck there (docs/FRONTEND.md, "Toasts"). */
  ${down('md')} {
    top: calc(${({ theme }) => theme.navHeight + 8}px + var(${STICKY_BAR_HEIGHT_VARIABLE}, 0px));
    bottom: auto;
    left: 8px;
    right: 8px;
    width: auto;
    /* While a dialog is open, the tab bar and Save buttons are under its backdrop and its title is
       at the top: the toasts go to the bottom edge instead. */
    body:has([data-dialog-backdrop]) & {
      top: auto;
      bottom: 8px;
    }
  }
`;

const Item = styled.div<{ $severity: Toast['severity'] }>`
  pointer-events: auto;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  color: #fff;
  box-shadow: ${({ theme }) => theme.shadow};
  background: ${({ theme, $severity }) => ($severity === 'success' ? theme.palette.success : $severity === 'error' ? theme.palette.error : theme.palette.text)};
`;

export function Snackbar() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(
    () =>
      onNotify((toast) => {
        setToasts((list) => (window.matchMedia(ONE_AT_A_TIME).matches ? [toast] : withToast(list, toast)));
        setTimeout(() => setToasts((list) => list.filter((t) => t.id !== toast.id)), TOAST_MS);
      }),
    [],
  );
  return (
    <Stack aria-live="polite">
      {toasts.map((t) => (
        <Item key={t.id} $severity={t.severity} role={t.severity === 'error' ? 'alert' : 'status'}>
          {t.message}
        </Item>
      ))}
    </Stack>
  );
}
