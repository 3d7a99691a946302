import { SUB_PAGES, up } from '@blockpilot/shared';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../i18n';
import { SupportEmailLink } from './SupportEmailLink';

const Footer = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.palette.divider};
  background: ${({ theme }) => theme.palette.paper};
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.containerMaxWidth}px;
  margin: 0 auto;
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  ${up('md')} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
  }
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  column-gap: 8px;
  a {
    display: inline-flex;
    align-items: center;
    min-height: ${({ theme }) => theme.touchTarget}px;
    padding: 0 8px;
    font-weight: 500;
  }
`;

const Copyright = styled.p`
  margin: 0;
  padding: 0 8px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

/** Terms of Service, Privacy policy and the contact e-mail (docs/PRODUCT.md section 2), on the signed-out pages. */
export function SiteFooter() {
  const t = useT();
  return (
    <Footer>
      <Inner>
        <nav aria-label={t('footer.label')}>
          <Links>
            <li>
              <Link to={SUB_PAGES.landing.terms}>{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to={SUB_PAGES.landing.privacy}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <SupportEmailLink />
            </li>
          </Links>
        </nav>
        <Copyright>{t('footer.copyright', { year: String(new Date().getFullYear()) })}</Copyright>
      </Inner>
    </Footer>
  );
}
