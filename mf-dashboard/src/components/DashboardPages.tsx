/**
 * The links between the dashboard and its own pages, Stats and Calendar (docs/LIVE.md "The driver's
 * app"): shown on each of them, the current one marked. Paths come from DASHBOARD_PAGES in the
 * shared constants.
 */
import { DASHBOARD_PAGES } from '@blockpilot/shared';
import { ButtonLink } from '@blockpilot/shared/ui';
import { useContext } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useT, type MessageKey } from '../i18n';
import { PagePreload } from './pagePreload';

/** Each page's name, by its path (a page added to DASHBOARD_PAGES needs one to compile). */
const NAMES: Record<(typeof DASHBOARD_PAGES)[number]['path'], MessageKey> = { '/dashboard/stats': 'pages.stats', '/dashboard/calendar': 'pages.calendar' };
const PAGES: ReadonlyArray<{ path: string; name: MessageKey }> = [
  { path: '/dashboard', name: 'pages.dashboard' },
  ...DASHBOARD_PAGES.map(({ path }) => ({ path, name: NAMES[path] })),
];

const Nav = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

/** Whether `pathname` is the page at `path` (the dashboard's own views count as the dashboard). */
function isCurrent(path: string, pathname: string): boolean {
  const here = pathname.toLowerCase().replace(/\/$/, '');
  if (path === '/dashboard') return here === '/dashboard' || (here.startsWith('/dashboard/') && !DASHBOARD_PAGES.some((page) => here.startsWith(page.path)));
  return here.startsWith(path);
}

export function DashboardPages() {
  const t = useT();
  const { pathname } = useLocation();
  const preloadPage = useContext(PagePreload);
  return (
    <Nav aria-label={t('pages.label')}>
      <ul>
        {PAGES.map(({ path, name }) => {
          const current = isCurrent(path, pathname);
          return (
            <li key={path}>
              <ButtonLink
                to={path}
                $variant={current ? 'contained' : 'outlined'}
                aria-current={current ? 'page' : undefined}
                onPointerEnter={() => preloadPage(path)}
                onTouchStart={() => preloadPage(path)}
                onFocus={() => preloadPage(path)}
              >
                {t(name)}
              </ButtonLink>
            </li>
          );
        })}
      </ul>
    </Nav>
  );
}
