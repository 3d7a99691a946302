import { tint } from '@blockpilot/shared/ui';
import { NavLink } from 'react-router-dom';
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
`;

const Tab = styled(NavLink)`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 16px;
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
  return (
    <Bar aria-label={t('nav.label')}>
      <ul>
        <li>
          <Tab to="/admin/users">{t('nav.drivers')}</Tab>
        </li>
        <li>
          <Tab to="/admin/tickets">{t('nav.tickets')}</Tab>
        </li>
        <li>
          <Tab to="/admin/knowledgeBase">{t('nav.knowledgeBase')}</Tab>
        </li>
        <li>
          <Tab to="/admin/engineHealth">{t('nav.engineHealth')}</Tab>
        </li>
        {admin && (
          <>
            <li>
              <Tab to="/admin/promotions">{t('nav.promotions')}</Tab>
            </li>
            <li>
              <Tab to="/admin/audit">{t('nav.audit')}</Tab>
            </li>
            <li>
              <Tab to="/admin/deployTokens">{t('nav.deployTokens')}</Tab>
            </li>
            <li>
              <Tab to="/admin/releases">{t('nav.releases')}</Tab>
            </li>
          </>
        )}
      </ul>
    </Bar>
  );
}
