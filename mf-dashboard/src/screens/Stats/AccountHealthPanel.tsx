/**
 * The account health panel (docs/LIVE.md "Account health"): the driver's platform account over
 * the last 7 days as the platform saw the search, whatever weeks the stats show: a verdict in one
 * sentence, the pace against the platform's, throttles, puzzles and refusals, and what BlockPilot
 * did about them. Loads on its own, so a failure here leaves the rest of the page as it is.
 */
import { api, formatNumber, type AccountHealth, type AccountHealthVerdict } from '@blockpilot/shared';
import { Spinner } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { LoadFailed } from '../../components/LoadFailed';
import { SectionCard as Section } from '../../components/pageParts';
import { useLoad } from '../../components/useLoad';
import { useT, type MessageKey } from './i18n';
import { FigureList } from './Figures';

const VERDICTS: Record<AccountHealthVerdict, { key: MessageKey; tone: 'success' | 'warning' | 'error' | 'primary' }> = {
  steady: { key: 'health.verdict.steady', tone: 'success' },
  notSearched: { key: 'health.verdict.notSearched', tone: 'primary' },
  fast: { key: 'health.verdict.fast', tone: 'warning' },
  throttled: { key: 'health.verdict.throttled', tone: 'warning' },
  puzzles: { key: 'health.verdict.puzzles', tone: 'error' },
  refused: { key: 'health.verdict.refused', tone: 'error' },
};

type VerdictTone = (typeof VERDICTS)[AccountHealthVerdict]['tone'];

/** The verdict: a sentence with its tone's bar, not a live region (it does not change while shown). */
const Verdict = styled.p<{ $tone: VerdictTone }>`
  margin: 0 0 12px;
  padding: 8px 12px;
  border-left: 4px solid ${({ theme, $tone }) => theme.palette[$tone]};
  font-weight: 600;
`;

/** The count of the verdict's trouble, for its sentence. */
function troubleOf(health: AccountHealth): number {
  if (health.verdict === 'refused') return health.refused;
  if (health.verdict === 'puzzles') return health.puzzles;
  return health.throttled;
}

export function AccountHealthPanel() {
  const t = useT();
  const loaded = useLoad('accountHealth', () => api.user.getAccountHealth());
  const pace = (value: number | null) => (value === null ? '–' : formatNumber(value, 1));

  function body(health: AccountHealth) {
    if (!health.connected && health.polls === 0) return <p>{t('health.notConnected')}</p>;
    const verdict = VERDICTS[health.verdict];
    return (
      <>
        <Verdict $tone={verdict.tone} data-verdict={health.verdict}>
          {t(verdict.key, { count: troubleOf(health), polls: pace(health.pollsPerMinute), platform: pace(health.platformPollsPerMinute) })}
        </Verdict>
        <FigureList
          figures={[
            [t('health.pace'), pace(health.pollsPerMinute)],
            [t('health.platformPace'), pace(health.platformPollsPerMinute)],
            [t('health.throttled'), health.throttled],
            [t('health.puzzles'), health.puzzles],
            [t('health.refused'), health.refused],
          ]}
        />
        <ul aria-label={t('health.actions')}>
          <li>{t('health.backedOff', { count: health.backedOff })}</li>
          <li>{t('health.paused', { count: health.paused })}</li>
        </ul>
      </>
    );
  }

  return (
    <Section aria-labelledby="stats-health" data-account-health>
      <h2 id="stats-health">{t('health.title')}</h2>
      {loaded.state === 'loading' ? (
        <Spinner label={t('health.loading')} />
      ) : loaded.state === 'error' ? (
        <LoadFailed title={t('health.failed')} onRetry={loaded.retry} />
      ) : (
        body(loaded.data)
      )}
    </Section>
  );
}
