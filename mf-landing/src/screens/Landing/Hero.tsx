import { ButtonLink, Chip, tint } from '@blockpilot/shared/ui';
import { up } from '@blockpilot/shared';
import styled from 'styled-components';
import { BONUS, FEE_PERCENT } from '../../content';

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

const SAMPLE = [
  { accepted: true, time: 'Sat 8:00 AM – 12:00 PM', station: 'DSE4', pay: '$96.00' },
  { accepted: false, time: 'Sat 6:30 AM – 8:00 AM', station: 'DWA6', pay: '$40.50' },
  { accepted: true, time: 'Sun 4:00 PM – 8:30 PM', station: 'DSE4', pay: '$112.50' },
];

export function Hero() {
  return (
    <Section aria-labelledby="hero-title">
      <div>
        <Title id="hero-title">Never miss a block again</Title>
        <Lead>
          BlockPilot searches for delivery blocks around the clock and accepts the ones that match your filters the moment they appear. It runs in the cloud and works in any
          browser.
        </Lead>
        <Buttons>
          <ButtonLink to="/register">Try free</ButtonLink>
          <ButtonLink to="/login" $variant="outlined">
            Sign in
          </ButtonLink>
        </Buttons>
        <Small>
          {BONUS} when you sign up. Then {FEE_PERCENT} per accepted block, refunded if you forfeit it.
        </Small>
      </div>
      <Preview aria-hidden="true">
        <PreviewHeader>
          Live log <Chip dot="success">System Started</Chip>
        </PreviewHeader>
        {SAMPLE.map((row) => (
          <Row key={row.time} $accepted={row.accepted}>
            <strong>{row.accepted ? 'Accepted' : 'Ignored'}</strong>
            <b>{row.pay}</b>
            <span>{row.time}</span>
            <span>{row.station}</span>
          </Row>
        ))}
      </Preview>
    </Section>
  );
}
