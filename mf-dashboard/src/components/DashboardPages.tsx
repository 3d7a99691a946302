/**
 * The links between the dashboard and its own pages, Stats and Calendar (docs/LIVE.md "The driver's
 * app"): shown on each of them, the current one marked. Paths come from DASHBOARD_PAGES in the
 * shared constants.
 */
import { DASHBOARD_PAGES } from '@blockpilot/shared';
import { ButtonLink } from '@blockpilot/shared/ui';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';

const PAGES = [{ path: '/dashboard', name: 'Dashboard' }, ...DASHBOARD_PAGES] as const;

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
  const { pathname } = useLocation();
  return (
    <Nav aria-label="Dashboard pages">
      <ul>
        {PAGES.map(({ path, name }) => {
          const current = isCurrent(path, pathname);
          return (
            <li key={path}>
              <ButtonLink to={path} $variant={current ? 'contained' : 'outlined'} aria-current={current ? 'page' : undefined}>
                {name}
              </ButtonLink>
            </li>
          );
        })}
      </ul>
    </Nav>
  );
}
