import { PAGES, SUB_PAGES } from '@blockpilot/shared';
import { Page, Paper } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { FIGURES } from '../content';
import { T, useT, type LandingMessage } from '../i18n';
import { SupportEmailLink } from './SupportEmailLink';
import { SiteFooter } from './SiteFooter';

const Body = styled(Paper)`
  h2 {
    margin: 20px 0 6px;
    font-size: 1.125rem;
    font-weight: 600;
  }
  h2:first-child {
    margin-top: 0;
  }
  p {
    margin: 0 0 8px;
  }
`;

/** Each document: its title and sections (heading, text), as keys of the catalog. */
const DOCUMENTS: Record<'terms' | 'privacy', { title: LandingMessage; route: string; sections: Array<[LandingMessage, LandingMessage]> }> = {
  terms: {
    title: 'terms.title',
    route: SUB_PAGES.landing.terms,
    sections: [
      ['terms.service.heading', 'terms.service.text'],
      ['terms.account.heading', 'terms.account.text'],
      ['terms.fees.heading', 'terms.fees.text'],
      ['terms.fairUse.heading', 'terms.fairUse.text'],
      ['terms.ending.heading', 'terms.ending.text'],
    ],
  },
  privacy: {
    title: 'privacy.title',
    route: SUB_PAGES.landing.privacy,
    sections: [
      ['privacy.kept.heading', 'privacy.kept.text'],
      ['privacy.delivery.heading', 'privacy.delivery.text'],
      ['privacy.use.heading', 'privacy.use.text'],
      ['privacy.payments.heading', 'privacy.payments.text'],
      ['privacy.choices.heading', 'privacy.choices.text'],
    ],
  },
};

/** /terms and /privacy: the short documents the footer links to. */
export function Legal({ document: kind }: { document: keyof typeof DOCUMENTS }) {
  const t = useT();
  const doc = DOCUMENTS[kind];
  const title = t(doc.title);
  return (
    <>
      <Page title={title} route={doc.route} remote="mf_landing">
        <Body as="article" aria-label={title}>
          {doc.sections.map(([heading, text]) => (
            <section key={heading}>
              <h2>{t(heading)}</h2>
              <p>{t(text, FIGURES)}</p>
            </section>
          ))}
          <h2>{t('legal.questions')}</h2>
          <p>
            <T id="legal.contact" components={{ 0: <SupportEmailLink />, 1: <Link to={PAGES.askAQuestion.path} /> }} />
          </p>
        </Body>
      </Page>
      <SiteFooter />
    </>
  );
}
