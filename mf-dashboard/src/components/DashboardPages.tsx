/**
 * The links between the dashboard and its own pages, Stats and Calendar (docs/LIVE.md "The driver's
 * app"): shown on each of them, the current one marked. Paths come from the page table
 * (docs/FRONTEND.md "Pages").
 */
import { PAGES, SUB_PAGES } from '@blockpilot/shared';
import { ButtonLink } from '@blockpilot/shared/ui';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useT, type MessageKey } from '../i18n';
import { usePreloadOnIntent } from './pagePreload';

/** The dashboard's own pages beside its Settings and Logs views. */
const OWN_PAGES = [SUB_PAGES.dashboard.stats, SUB_PAGES.dashboard.calendar];
const LINKS: ReadonlyArray<{ path: string; name: MessageKey }> = [
  { path: PAGES.dashboard.path, name: 'pages.dashboard' },
  { path: SUB_PAGES.dashboard.stats, name: 'pages.stats' },
  { path: SUB_PAGES.dashboard.calendar, name: 'pages.calendar' },
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
  if (path === PAGES.dashboard.path) return here === path || (here.startsWith(`${path}/`) && !OWN_PAGES.some((page) => here.startsWith(page)));
  return here.startsWith(path);
}

export function DashboardPages() {
  const t = useT();
  const { pathname } = useLocation();
  const preloadOnIntent = usePreloadOnIntent();
  return (
    <Nav aria-label={t('pages.label')}>
      <ul>
        {LINKS.map(({ path, name }) => {
          const current = isCurrent(path, pathname);
          return (
            <li key={path}>
              <ButtonLink to={path} $variant={current ? 'contained' : 'outlined'} aria-current={current ? 'page' : undefined} {...preloadOnIntent(path)}>
                {t(name)}
              </ButtonLink>
            </li>
          );
        })}
      </ul>
    </Nav>
  );
}
