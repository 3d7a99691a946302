/**
 * The global alert toast: bottom-left (under the navigation bar on a phone), hides itself after
 * 5 s. It shows what anything in the page sends through `notify`, newest last; a repeat or a newer
 * answer of the same form replaces the older toast instead of stacking (docs/FRONTEND.md, "Toasts").
 */
import { down, onNotify, STICKY_BAR_HEIGHT_VARIABLE, TOAST_MS, withToast, type Toast } from '@blockpilot/shared';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

const Stack = styled.div`
  position: fixed;
  left: 16px;
  bottom: 16px;
  right: 16px;
  z-index: 1400;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  pointer-events: none;
  /* On a phone the bottom holds the tab bar and forms' Save buttons: toasts drop in under the
     navigation bar instead, and under a bar a screen keeps stuck there (docs/FRONTEND.md, "Toasts"). */
  ${down('md')} {
    top: calc(${({ theme }) => theme.navHeight + 8}px + var(${STICKY_BAR_HEIGHT_VARIABLE}, 0px));
    bottom: auto;
    left: 8px;
    right: 8px;
    align-items: stretch;
  }
`;

const Item = styled.div<{ $severity: Toast['severity'] }>`
  pointer-events: auto;
  max-width: 480px;
  ${down('md')} {
    max-width: none;
  }
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
        setToasts((list) => withToast(list, toast));
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
