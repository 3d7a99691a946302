import { down, SUB_PAGES } from '@blockpilot/shared';
import { tint } from '@blockpilot/shared/ui';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../i18n';

const Bar = styled.nav`
  max-width: ${({ theme }) => theme.containerMaxWidth}px;
  margin: 0 auto;
  padding: 12px 16px 0;
  box-sizing: border-box;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  /* On a phone the sections are one row that scrolls sideways, so the screen's content starts
     right under it instead of below four wrapped rows (docs/OPERATIONS.md "A console on a phone"). */
  ${down('sm')} {
    ul {
      flex-wrap: nowrap;
      overflow-x: auto;
      scrollbar-width: thin;
      overscroll-behavior-x: contain;
    }
    li {
      flex: none;
    }
  }
`;

const Tab = styled(NavLink)`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 16px;
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radius}px;
  font-weight: 500;
  text-decoration: none;
  color: ${({ theme }) => theme.palette.text};
  &.active {
    color: ${({ theme }) => theme.palette.primary};
    background: ${({ theme }) => tint(theme.palette.primary, 8)};
  }
`;

/** The console's sections; promotions, the audit log, deploy tokens and releases only for admins (the server refuses them to support anyway). */
export function ConsoleNav({ admin }: { admin: boolean }) {
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // In the phone's scrolling row the current section is brought into view (a no-op when it is).
  useEffect(() => {
    list.current?.querySelector('a.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <Bar aria-label={t('nav.label')}>
      <ul ref={list}>
        <li>
          <Tab to={SUB_PAGES.admin.users}>{t('nav.drivers')}</Tab>
        </li>
        <li>
          <Tab to={SUB_PAGES.admin.tickets}>{t('nav.tickets')}</Tab>
        </li>
        <li>
          <Tab to={SUB_PAGES.admin.knowledgeBase}>{t('nav.knowledgeBase')}</Tab>
        </li>
        <li>
          <Tab to={SUB_PAGES.admin.engineHealth}>{t('nav.engineHealth')}</Tab>
        </li>
        {admin && (
          <>
            <li>
              <Tab to={SUB_PAGES.admin.promotions}>{t('nav.promotions')}</Tab>
            </li>
            <li>
              <Tab to={SUB_PAGES.admin.audit}>{t('nav.audit')}</Tab>
            </li>
            <li>
              <Tab to={SUB_PAGES.admin.deployTokens}>{t('nav.deployTokens')}</Tab>
            </li>
            <li>
              <Tab to={SUB_PAGES.admin.releases}>{t('nav.releases')}</Tab>
            </li>
          </>
        )}
      </ul>
    </Bar>
  );
}
