import { ButtonLink, Chip, tint } from '@blockpilot/shared/ui';
import { formatClock, formatMoney, formatWeekday, PAGES, up } from '@blockpilot/shared';
import styled from 'styled-components';
import { FIGURES } from '../../content';
import { useT } from '../../i18n';

const Section = styled.section`
  display: grid;
  gap: 32px;
  align-items: center;
  padding: 24px 0 40px;
  ${up('md')} {
    grid-template-columns: 1.1fr 1fr;
    gap: 48px;
    padding: 56px 0 64px;
  }
`;

const Title = styled.h1`
  margin: 0 0 16px;
  font-size: clamp(2rem, 7vw, 3.25rem);
  line-height: 1.1;
  font-weight: 600;
  letter-spacing: -0.01em;
`;

const Lead = styled.p`
  margin: 0 0 24px;
  font-size: 1.125rem;
  color: ${({ theme }) => theme.palette.textMuted};
  max-width: 36em;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 16px;
  a {
    flex: 1 1 140px;
    ${up('sm')} {
      flex: 0 0 auto;
      min-width: 160px;
    }
  }
`;

const Small = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

/** A drawing of the live log: what the driver will see once searching. */
const Preview = styled.div`
  background: ${({ theme }) => theme.palette.paper};
  border-radius: ${({ theme }) => theme.radius * 2}px;
  box-shadow: ${({ theme }) => theme.shadow};
  padding: 20px;
  max-width: 440px;
  width: 100%;
  justify-self: center;
`;

const PreviewHeader = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  margin-bottom: 12px;
  font-weight: 600;
`;

const Row = styled.div<{ $accepted: boolean }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 2px 12px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius}px;
  border-left: 4px solid ${({ theme, $accepted }) => ($accepted ? theme.palette.success : theme.palette.divider)};
  background: ${({ theme, $accepted }) => tint($accepted ? theme.palette.success : theme.palette.textMuted, 8)};
  & + & {
    margin-top: 8px;
  }
  span {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.palette.textMuted};
  }
`;

/** Three offers as the log shows them: weekday (Sunday = 0), start and end, station and pay. */
const SAMPLE = [
  { id: 1, accepted: true, weekday: 6, start: { hours: 8, minutes: 0 }, end: { hours: 12, minutes: 0 }, station: 'DSE4', pay: 96 },
  { id: 2, accepted: false, weekday: 6, start: { hours: 6, minutes: 30 }, end: { hours: 8, minutes: 0 }, station: 'DWA6', pay: 40.5 },
  { id: 3, accepted: true, weekday: 0, start: { hours: 16, minutes: 0 }, end: { hours: 20, minutes: 30 }, station: 'DSE4', pay: 112.5 },
];

export function Hero() {
  const t = useT();
  return (
    <Section aria-labelledby="hero-title">
      <div>
        <Title id="hero-title">{t('hero.title')}</Title>
        <Lead>{t('hero.lead')}</Lead>
        <Buttons>
          <ButtonLink to={PAGES.register.path}>{t('hero.tryFree')}</ButtonLink>
          <ButtonLink to={PAGES.login.path} $variant="outlined">
            {t('hero.signIn')}
          </ButtonLink>
        </Buttons>
        <Small>{t('hero.terms', FIGURES)}</Small>
      </div>
      <Preview aria-hidden="true">
        <PreviewHeader>
          {t('hero.preview.title')} <Chip dot="success">{t('hero.preview.started')}</Chip>
        </PreviewHeader>
        {SAMPLE.map((row) => (
          <Row key={row.id} $accepted={row.accepted}>
            <strong>{t(row.accepted ? 'hero.preview.accepted' : 'hero.preview.ignored')}</strong>
            <b>{formatMoney('$', row.pay)}</b>
            <span>{t('hero.preview.time', { weekday: formatWeekday(row.weekday), start: formatClock(row.start), end: formatClock(row.end) })}</span>
            <span>{row.station}</span>
          </Row>
        ))}
      </Preview>
    </Section>
  );
}
