import { formatLocalDateTime, type ReleaseCanary, type ReleaseHealth } from '@blockpilot/shared';
import { Chip } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { useT, type AdminMessageKey } from '../i18n';

/** Facts one under the other, in a card's description list. */
export const FactLines = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
`;

const VERDICTS = {
  waiting: { words: 'releases.verdict.waiting', tone: 'neutral' },
  healthy: { words: 'releases.verdict.healthy', tone: 'success' },
  failing: { words: 'releases.verdict.failing', tone: 'error' },
} as const satisfies Record<NonNullable<ReleaseCanary['verdict']>, { words: AdminMessageKey; tone: 'neutral' | 'success' | 'error' }>;

const STAGES: Record<NonNullable<ReleaseHealth['lastFailure']>['stage'], AdminMessageKey> = {
  load: 'releases.stage.load',
  render: 'releases.stage.render',
  mount: 'releases.stage.mount',
};

/** A release's votes: how many users, how many of them failed, and the last failure's kind and time. */
export function HealthFacts({ health }: { health: ReleaseHealth }) {
  const t = useT();
  const last = health.lastFailure;
  return (
    <>
      <span>{t('releases.votes', { users: health.users, healthy: health.healthy, failed: health.failed })}</span>
      {last && (
        <span>{t('releases.lastFailure', { error: last.errorName, stage: t(STAGES[last.stage] ?? 'releases.stage.load'), date: formatLocalDateTime(Date.parse(last.at)) })}</span>
      )}
    </>
  );
}

/**
 * What a canary is (docs/RELEASES.md "Canary"): its version, who gets it, and where the registry
 * tells them, its schedule of steps, its votes and the guard's verdict on them.
 */
export function CanaryFacts({ canary }: { canary: ReleaseCanary }) {
  const t = useT();
  const verdict = canary.verdict ? VERDICTS[canary.verdict] : undefined;
  const schedule = canary.schedule;
  return (
    <FactLines>
      <span>{canary.version}</span>
      <span>{t('releases.canaryShare', { percent: canary.percent })}</span>
      {canary.users.length > 0 && <span>{t('releases.canaryUsers', { users: canary.users.join(', ') })}</span>}
      {schedule && (
        <>
          <span>{t('releases.step', { step: schedule.stepIndex + 1, steps: schedule.steps.length, percents: schedule.steps.map((step) => `${step}%`).join(' → ') })}</span>
          <span>{t('releases.nextStep', { date: formatLocalDateTime(Date.parse(schedule.nextStepAt)), healthy: schedule.healthyLoads, needed: schedule.minHealthyLoads })}</span>
        </>
      )}
      {canary.health && <HealthFacts health={canary.health} />}
      {verdict && <Chip dot={verdict.tone}>{t(verdict.words)}</Chip>}
    </FactLines>
  );
}
