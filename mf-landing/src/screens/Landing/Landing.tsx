import { PAGES } from '@blockpilot/shared';
import { ButtonLink, PageContainer, Paper } from '@blockpilot/shared/ui';
import { useEffect } from 'react';
import styled from 'styled-components';
import { FIGURES } from '../../content';
import { useT } from '../../i18n';
import { SiteFooter } from '../SiteFooter';
import { Faq } from './Faq';
import { Features } from './Features';
import { Hero } from './Hero';

const CallToAction = styled(Paper)`
  margin: 8px 0 40px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  h2 {
    margin: 0 0 4px;
    font-size: 1.375rem;
    font-weight: 600;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.palette.textMuted};
  }
`;

/** "/" and any unknown signed-out path: hero, features, Q&A, a last call to sign up, footer. */
export function Landing() {
  const t = useT();
  const title = t('title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <PageContainer data-route={PAGES.landing.path} data-remote="mf_landing">
        <Hero />
        <Features />
        <Faq />
        <CallToAction aria-labelledby="cta-title">
          <div>
            <h2 id="cta-title">{t('cta.title')}</h2>
            <p>{t('cta.text', FIGURES)}</p>
          </div>
          <ButtonLink to={PAGES.register.path}>{t('cta.button')}</ButtonLink>
        </CallToAction>
      </PageContainer>
      <SiteFooter />
    </>
  );
}
