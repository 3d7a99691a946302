/**
 * The global alert toast (SPEC.md section 4): bottom-left, hides itself after 5 s. It shows what
 * anything in the page sends through `notify`, newest last.
 */
import { onNotify, TOAST_MS, type Toast } from '@blockpilot/shared';
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
`;

const Item = styled.div<{ $severity: Toast['severity'] }>`
  pointer-events: auto;
  max-width: 480px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  color: #fff;
  box-shadow: ${({ theme }) => theme.shadow};
  background: ${({ theme, $severity }) =>
    $severity === 'success' ? theme.palette.success : $severity === 'error' ? theme.palette.error : theme.palette.text};
`;

export function Snackbar() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(
    () =>
      onNotify((toast) => {
        setToasts((list) => [...list, toast]);
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
