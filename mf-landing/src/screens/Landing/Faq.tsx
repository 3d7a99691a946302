import { PAGES, up } from '@blockpilot/shared';
import { ButtonLink, Disclosure, Paper } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { FAQ, FIGURES } from '../../content';
import { T, useT } from '../../i18n';
import { SupportEmailLink } from '../SupportEmailLink';

const Section = styled.section`
  padding: 16px 0 40px;
`;

const Heading = styled.h2`
  margin: 0 0 16px;
  font-size: 1.5rem;
  font-weight: 600;
`;

const Columns = styled.div`
  display: grid;
  gap: 16px;
  align-items: start;
  ${up('md')} {
    grid-template-columns: 2fr 1fr;
    gap: 24px;
  }
`;

const List = styled(Paper)`
  padding: 4px 12px;
  p {
    margin: 0;
    color: ${({ theme }) => theme.palette.textMuted};
  }
  & > :last-child {
    border-bottom: 0;
  }
`;

const Aside = styled(Paper)`
  h3 {
    margin: 0 0 8px;
    font-size: 1.125rem;
    font-weight: 600;
  }
  p {
    margin: 0 0 16px;
    color: ${({ theme }) => theme.palette.textMuted};
  }
`;

/**
 * The landing page's Q&A list (each answer opens under its question), and where to ask more. The
 * answers open without a script: a visitor reads the prerendered page before the app boots.
 */
export function Faq() {
  const t = useT();
  return (
    <Section aria-labelledby="faq-title">
      <Heading id="faq-title">{t('faq.title')}</Heading>
      <Columns>
        <List as="div">
          {FAQ.map((key, index) => (
            <Disclosure key={key} id={`faq-${index + 1}`} title={t(`faq.${key}.question`)}>
              <p>{t(`faq.${key}.answer`, FIGURES)}</p>
            </Disclosure>
          ))}
        </List>
        <Aside as="aside" aria-labelledby="faq-more-title">
          <h3 id="faq-more-title">{t('faq.more.title')}</h3>
          <p>
            <T id="faq.more.text" components={{ 0: <SupportEmailLink /> }} />
          </p>
          <ButtonLink to={PAGES.askAQuestion.path} $variant="outlined">
            {t('faq.more.contact')}
          </ButtonLink>
        </Aside>
      </Columns>
    </Section>
  );
}
