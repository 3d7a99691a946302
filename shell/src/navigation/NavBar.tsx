/**
 * The fixed top bar (docs/PRODUCT.md section 2): logo, and a list of routes whose link equal to the
 * current path is highlighted. Below the large breakpoint the links collapse into a menu button
 * that opens a top drawer; the drawer closes whenever the path changes, and on Escape. A skip
 * link, the first thing the keyboard reaches, leads past the bar to the page's main content. The
 * language switch stays in the bar at every width, beside the menu button on a phone
 * (docs/FRONTEND.md, "Languages").
 */
import { down, MAIN_CONTENT_ID, up, useSession, type NavigationRoute, type Role } from '@blockpilot/shared';
import { focusRing, LanguageSwitch } from '@blockpilot/shared/ui';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../i18n';
import { isActiveLink, signedInLinksFor, signedOutLinks } from './links';

/** The first stop of the keyboard: past the navigation, straight to the page. */
const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: 8px;
  z-index: 1;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.palette.primary};
  color: ${({ theme }) => theme.palette.primaryContrast};
  font-weight: 600;
  transform: translateY(-200%);
  &:focus {
    transform: none;
    ${focusRing}
  }
`;

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 1100;
  height: ${({ theme }) => theme.navHeight}px;
  background: ${({ theme }) => theme.palette.paper};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Inner = styled.nav`
  max-width: ${({ theme }) => theme.containerMaxWidth}px;
  height: 100%;
  margin: 0 auto;
  padding: 0 16px;
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

/** The links (wide screens), the language switch and the menu button (narrow screens), at the bar's end. */
const End = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const Spacer = styled.div`
  height: ${({ theme }) => theme.navHeight}px;
`;

const Brand = styled(Link)`
  display: flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  font-size: 1.125rem;
  color: ${({ theme }) => theme.palette.text};
  text-decoration: none;
  img {
    width: 36px;
    height: 36px;
  }
`;

const Links = styled.ul<{ $drawer?: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  gap: 4px;
  ${({ $drawer }) => ($drawer ? 'flex-direction: column; padding: 8px 16px 16px;' : '')}
  ${({ $drawer }) => (!$drawer ? `${down('lg')} { display: none; }` : '')}
`;

const NavLink = styled(Link)<{ $active: boolean }>`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  font-weight: 500;
  text-decoration: none;
  color: ${({ theme, $active }) => ($active ? theme.palette.primary : theme.palette.text)};
  background: ${({ $active }) => ($active ? 'rgba(101, 31, 255, 0.08)' : 'transparent')};
  &:hover {
    background: rgba(101, 31, 255, 0.12);
  }
`;

const MenuButton = styled.button`
  width: ${({ theme }) => theme.touchTarget}px;
  height: ${({ theme }) => theme.touchTarget}px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.palette.text};
  cursor: pointer;
  ${up('lg')} {
    display: none;
  }
`;

const Drawer = styled.div`
  position: fixed;
  inset: ${({ theme }) => theme.navHeight}px 0 auto 0;
  z-index: 1099;
  background: ${({ theme }) => theme.palette.paper};
  box-shadow: ${({ theme }) => theme.shadow};
  ${up('lg')} {
    display: none;
  }
`;

/**
 * Stable across the prerendered frame and the live one: a tap on the menu before the app has
 * booted is held by the page's script and replayed on this id.
 */
const MENU_BUTTON_ID = 'nav-menu-button';

function LinkList({ routes, pathname, drawer }: { routes: NavigationRoute[]; pathname: string; drawer?: boolean }) {
  return (
    <Links $drawer={drawer}>
      {routes.map((route) => {
        const active = isActiveLink(route, pathname);
        return (
          <li key={route.path}>
            <NavLink to={route.path} $active={active} aria-current={active ? 'page' : undefined}>
              {route.name}
            </NavLink>
          </li>
        );
      })}
    </Links>
  );
}

export interface NavBarProps {
  /** Links of the caller's own, shown as named. */
  routes?: NavigationRoute[];
  /** The links a signed-in user of this role sees, whatever the session says (the prerendered signed-in frame). */
  signedInAs?: Role;
}

export function NavBar({ routes: routesProp, signedInAs }: NavBarProps) {
  const t = useT();
  const { accessToken, account } = useSession();
  const role = signedInAs ?? (accessToken ? (account?.role ?? 'user') : null);
  const routes = useMemo(() => routesProp ?? (role ? signedInLinksFor(role) : signedOutLinks).map((link) => ({ path: link.path, name: t(link.name) })), [routesProp, role, t]);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const drawerId = useId();

  useEffect(() => setOpen(false), [pathname]);

  // Escape closes the drawer and puts focus back on the button that opened it.
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <>
      <Bar>
        <SkipLink href={`#${MAIN_CONTENT_ID}`}>{t('nav.skip')}</SkipLink>
        <Inner aria-label={t('nav.label')}>
          <Brand to="/">
            <img src="/logo.png" alt="" width={36} height={36} />
            BlockPilot
          </Brand>
          <End>
            <LinkList routes={routes} pathname={pathname} />
            <LanguageSwitch compact />
            <MenuButton type="button" id={MENU_BUTTON_ID} aria-label={t('nav.menu')} aria-expanded={open} aria-controls={drawerId} onClick={() => setOpen((o) => !o)}>
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
                <path fill="currentColor" d={open ? 'M6 6l12 12M18 6L6 18' : 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z'} stroke={open ? 'currentColor' : 'none'} strokeWidth="2" />
              </svg>
            </MenuButton>
          </End>
        </Inner>
      </Bar>
      {open && (
        <Drawer id={drawerId} data-testid="nav-drawer">
          <LinkList routes={routes} pathname={pathname} drawer />
        </Drawer>
      )}
      <Spacer />
    </>
  );
}
