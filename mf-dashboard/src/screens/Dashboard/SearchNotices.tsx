/**
 * What the driver must know about their search, above the Start/Stop control (docs/LIVE.md):
 * credit that covers few fees (a banner with a one-tap way to the top-up), a search paused for
 * credit (what it skipped, and that a top-up resumes it by itself), and a search whose selected
 * stations the platform account cannot work.
 */
import { useSession, type SearchStatus } from '@blockpilot/shared';
import { ButtonLink, Notice } from '@blockpilot/shared/ui';
import styled from 'styled-components';

/** Where the top-up is: the account page's credit section, opened. */
export const TOP_UP_PATH = '/account/credit';

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

function feesText(status: SearchStatus): string {
  if (status.feesCovered === null) return '';
  if (status.feesCovered === 0) return ' It does not cover the fee of the blocks you take.';
  return ` It covers about ${status.feesCovered === 1 ? 'one more fee' : `${status.feesCovered} more fees`} of the blocks you take.`;
}

export function SearchNotices({ formatCents }: { formatCents: (cents: number) => string }) {
  const { searchStatus: status, account } = useSession();
  if (!status || !account) return null;
  const credit = formatCents(account.credit);
  const topUp = (
    <ButtonLink to={TOP_UP_PATH} $variant="contained">
      Top up
    </ButtonLink>
  );
  return (
    <>
      {status.searching && status.pausedFor === 'credit' ? (
        <Notice tone="warning" title="Paused: not enough credit">
          <Row>
            <p>
              Your credit ({credit}) is less than the fee of the offers that match your filter, so they are skipped
              {status.missed.count > 0 ? ` (${status.missed.count === 1 ? '1 offer' : `${status.missed.count} offers`} worth ${formatCents(status.missed.valueCents)} so far)` : ''}
              . Top up and the search resumes by itself.
            </p>
            {topUp}
          </Row>
        </Notice>
      ) : (
        status.lowCredit && (
          <Notice tone="warning" title="Your credit is running low">
            <Row>
              <p>
                Your credit is {credit}.{feesText(status)} When a matching block costs more, it is skipped until you top up.
              </p>
              {topUp}
            </Row>
          </Notice>
        )
      )}
      {status.searching && status.noEligibleStation && (
        <Notice tone="warning" title="No offers can come: no eligible station selected">
          <p>None of the stations in your filter is one your Amazon Flex account can work. Choose at least one station marked “Eligible” in your filter.</p>
        </Notice>
      )}
    </>
  );
}
