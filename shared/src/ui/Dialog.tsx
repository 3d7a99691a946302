/**
 * A modal dialog: `role="dialog"` + `aria-modal`, titled, focus moved in on open, kept in by
 * Tab/Shift+Tab, and handed back to where it was on close. Escape, the close button and a tap
 * on the backdrop close it, except in the `blocking` variant, which only its own actions can end.
 * A dialog `belowNavigation` (e.g. "Connect Account") lays its backdrop under the navigation bar
 * and its phone menu, which stay reachable (docs/FRONTEND.md "Dialogs").
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { CloseIcon } from './icons';
import { focusRing, tint } from './styles';
import { useSharedT } from '../i18n/sharedCatalog';
import { MAIN_CONTENT_ID } from '../constants';

/** Where dialogs sit in the page's layers: what must never be covered by one (the shell's reload offer) sits above it. */
export const DIALOG_LAYER = 1300;
/** Under the navigation bar (1100) and its phone menu (1099): for a dialog that must leave them reachable. */
const BELOW_NAVIGATION_LAYER = 1050;

const Backdrop = styled.div<{ $belowNavigation: boolean }>`
  position: fixed;
  top: ${({ theme, $belowNavigation }) => ($belowNavigation ? theme.navHeight : 0)}px;
  right: 0;
  bottom: 0;
  left: 0;
  z-index: ${({ $belowNavigation }) => ($belowNavigation ? BELOW_NAVIGATION_LAYER : DIALOG_LAYER)};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: ${({ theme }) => tint(theme.palette.text, 55)};
  overflow-y: auto;
`;

const Panel = styled.div`
  width: 100%;
  max-width: 520px;
  max-height: 100%;
  overflow-y: auto;
  background: ${({ theme }) => theme.palette.paper};
  color: ${({ theme }) => theme.palette.text};
  border-radius: ${({ theme }) => theme.radius * 1.5}px;
  box-shadow: ${({ theme }) => theme.shadow};
  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 12px 8px 0 20px;
  min-height: ${({ theme }) => theme.touchTarget + 12}px;
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.25rem;
  font-weight: 600;
`;

const Body = styled.div`
  padding: 8px 20px 16px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  padding: 0 20px 20px;
`;

const CloseButton = styled.button`
  flex: none;
  width: ${({ theme }) => theme.touchTarget}px;
  height: ${({ theme }) => theme.touchTarget}px;
  display: flex;
  align-items: center;
  justify-content: center;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.palette.text};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => tint(theme.palette.text, 8)};
  }
  &:focus-visible {
    ${focusRing}
  }
`;

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('hidden'));
}

/** Open dialogs, innermost last: only the top one answers Escape and traps Tab. */
const openDialogs: HTMLElement[] = [];

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom right, e.g. Cancel and Confirm. */
  actions?: ReactNode;
  /** Called on Escape, the close button and a backdrop tap. Not called when `blocking`. */
  onClose?: () => void;
  /** No Escape, no close button, no backdrop close: only the dialog's own actions end it. */
  blocking?: boolean;
  /** What gets focus on open; default the first focusable element after the close button. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The backdrop starts under the navigation bar and sits below it and its phone menu, which stay usable. */
  belowNavigation?: boolean;
}

export function Dialog({ open, title, children, actions, onClose, blocking = false, initialFocus, belowNavigation = false }: DialogProps) {
  const t = useSharedT();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = `${useId().replace(/:/g, '')}-title`;
  const closable = !blocking && Boolean(onClose);
  // Read through a ref so a new onClose each render does not re-run the open/close effect.
  const closeRef = useRef(onClose);
  closeRef.current = closable ? onClose : undefined;

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const returnFocus = document.activeElement as HTMLElement | null;
    openDialogs.push(panel);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const target = initialFocus?.current ?? focusables(panel).find((el) => !el.hasAttribute('data-dialog-close')) ?? panel;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== panel) return;
      if (event.key === 'Escape' && closeRef.current) {
        event.stopPropagation();
        closeRef.current();
      } else if (event.key === 'Tab') {
        const items = focusables(panel);
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement;
        if (!first || !last) {
          event.preventDefault();
          panel.focus();
        } else if (event.shiftKey && (active === first || active === panel)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        } else if (!panel.contains(active)) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(panel), 1);
      document.body.style.overflow = overflow;
      // Back to the control that opened it; when that control went with the dialog's action (a
      // forfeited block's button) or there was none (a dialog open on arrival), to the page's
      // main content: never to <body> (docs/FRONTEND.md "Keyboard").
      if (returnFocus?.isConnected && returnFocus !== document.body) returnFocus.focus();
      else document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return createPortal(
    <Backdrop
      data-dialog-backdrop=""
      $belowNavigation={belowNavigation}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeRef.current?.();
      }}
    >
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <Header>
          <Title id={titleId}>{title}</Title>
          {closable && (
            <CloseButton type="button" aria-label={t('close')} data-dialog-close="" onClick={() => closeRef.current?.()}>
              <CloseIcon />
            </CloseButton>
          )}
        </Header>
        <Body>{children}</Body>
        {actions && <Actions>{actions}</Actions>}
      </Panel>
    </Backdrop>,
    document.body,
  );
}
