/**
 * What the driver must know about their search, above the Start/Stop control (docs/LIVE.md):
 * credit that covers few fees (a banner with a one-tap way to the top-up), a search paused for
 * credit (what it skipped, and that a top-up resumes it by itself), and a search whose selected
 * stations the platform account cannot work.
 */
import { searchStateOf, type SearchStatus, SUB_PAGES, useSession } from '@blockpilot/shared';
import { useSharedT } from '@blockpilot/shared/i18n';
import { ButtonLink, Notice } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { useT, type DashboardT } from '../../i18n';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  p {
    margin: 0;
    flex: 1 1 16rem;
  }
`;

/** "Your credit is $10.00. It covers about 2 more fees of the blocks you take. When ...": its sentences, the middle one when the server counted the fees. */
function lowCreditText(t: DashboardT, status: SearchStatus, credit: string): string {
  const feesCovered = status.feesCovered === null ? [] : [t('notices.lowCredit.feesCovered', { count: status.feesCovered })];
  return [t('notices.lowCredit.balance', { credit }), ...feesCovered, t('notices.lowCredit.skipped')].join(' ');
}

export function SearchNotices({ formatCents }: { formatCents: (cents: number) => string }) {
  const t = useT();
  const sharedT = useSharedT();
  const { searchStatus: status, account } = useSession();
  if (!status || !account) return null;
  const credit = formatCents(account.credit);
  const topUp = (
    <ButtonLink to={SUB_PAGES.account.credit} $variant="contained">
      {t('notices.topUp')}
    </ButtonLink>
  );
  return (
    <>
      {searchStateOf(status) === 'pausedForCredit' ? (
        <Notice tone="warning" title={sharedT('search.state.pausedForCredit')}>
          <Row>
            <p>{t('notices.paused.body', { credit, count: status.missed.count, amount: formatCents(status.missed.valueCents) })}</p>
            {topUp}
          </Row>
        </Notice>
      ) : (
        status.lowCredit && (
          <Notice tone="warning" title={t('notices.lowCredit.title')}>
            <Row>
              <p>{lowCreditText(t, status, credit)}</p>
              {topUp}
            </Row>
          </Notice>
        )
      )}
      {status.searching && status.noEligibleStation && (
        <Notice tone="warning" title={t('notices.noEligibleStation.title')}>
          <p>{t('notices.noEligibleStation.body')}</p>
        </Notice>
      )}
    </>
  );
}
