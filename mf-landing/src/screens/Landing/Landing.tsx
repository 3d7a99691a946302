import { ButtonLink, PageContainer, Paper } from '@blockpilot/shared/ui';
import { useEffect } from 'react';
import styled from 'styled-components';
import { BONUS } from '../../content';
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
  useEffect(() => {
    document.title = 'BlockPilot: automatic block search for delivery drivers';
  }, []);
  return (
    <>
      <PageContainer data-route="/" data-remote="mf_landing">
        <Hero />
        <Features />
        <Faq />
        <CallToAction aria-labelledby="cta-title">
          <div>
            <h2 id="cta-title">Ready for the next block?</h2>
            <p>Sign up in a minute and get {BONUS}.</p>
          </div>
          <ButtonLink to="/register">Create your account</ButtonLink>
        </CallToAction>
      </PageContainer>
      <SiteFooter />
    </>
  );
}
