import { up } from '@blockpilot/shared';
import { Paper } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { FEATURES } from '../../content';
import { useT } from '../../i18n';

const Section = styled.section`
  padding: 16px 0 40px;
`;

const Heading = styled.h2`
  margin: 0 0 20px;
  font-size: 1.5rem;
  font-weight: 600;
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  ${up('sm')} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${up('lg')} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Card = styled(Paper).attrs({ as: 'li' })`
  h3 {
    margin: 12px 0 8px;
    font-size: 1.125rem;
    font-weight: 600;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.palette.textMuted};
  }
`;

const IconBadge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  background: ${({ theme }) => theme.palette.primary};
  color: ${({ theme }) => theme.palette.primaryContrast};
`;

/** The four feature blurbs of docs/PRODUCT.md section 2. */
export function Features() {
  const t = useT();
  return (
    <Section aria-labelledby="features-title">
      <Heading id="features-title">{t('features.title')}</Heading>
      <Grid>
        {FEATURES.map((feature) => (
          <Card key={feature.key}>
            <IconBadge>
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path fill="currentColor" d={feature.icon} />
              </svg>
            </IconBadge>
            <h3>{t(`features.${feature.key}.title`)}</h3>
            <p>{t(`features.${feature.key}.text`)}</p>
          </Card>
        ))}
      </Grid>
    </Section>
  );
}
