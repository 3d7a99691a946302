/**
 * The latest changes of the credit (docs/LIVE.md "Forfeits"): top-ups, bonuses, fees and refunds,
 * newest first. A fee or refund names its block; a forfeited block, gone from the live log, stays
 * here with its refund. Reloaded when the credit changes (a top-up, a fee, a refund). A failure
 * is only logged (docs/PRODUCT.md section 8): the list stays as it was.
 */
import { api, useSession, type CreditHistoryEntry, type ServiceArea } from '@blockpilot/shared';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatCents } from '@blockpilot/shared';
import { logFailure } from '../../logFailure';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    justify-content: space-between;
    gap: 12px;
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.palette.divider};
  }
  span:last-child {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

const KIND_LABELS: Record<CreditHistoryEntry['kind'], string> = {
  signup: 'Sign-up bonus',
  topup: 'Top-up',
  payment: 'Card payment',
  membership: 'Membership',
  invite: 'Invite reward',
  fee: 'Fee',
  refund: 'Refund',
  adjustment: 'Adjustment by support',
  reversal: 'Refunded top-up',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** "Jan 6, 18:00" in the browser's time. */
function when(ms: number): string {
  const date = new Date(ms);
  return `${date.toLocaleString('en-US', { month: 'short' })} ${date.getDate()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a history line says: "Refund: forfeited DSE4 block of Jan 7, 10:30". */
export function historyLabel(entry: CreditHistoryEntry, areas: ServiceArea[] | null): string {
  const label = KIND_LABELS[entry.kind];
  if (!entry.block) return label;
  const station = areas?.find((area) => area.id === entry.block!.serviceAreaId)?.shortName ?? 'a';
  return `${label}: ${entry.block.forfeited ? 'forfeited ' : ''}${station} block of ${when(entry.block.startTime * 1000)}`;
}

export function CreditHistory({ currencySymbol, credit }: { currencySymbol: string; credit: number }) {
  const { serviceAreas } = useSession();
  const [entries, setEntries] = useState<CreditHistoryEntry[] | null>(null);

  useEffect(() => {
    let current = true;
    api.user.getCreditHistory().then(
      (list) => current && setEntries(list),
      (error: unknown) => logFailure('loading the credit history', error),
    );
    return () => {
      current = false;
    };
  }, [credit]);

  if (!entries) return null;
  if (entries.length === 0) return <p>No changes yet.</p>;
  return (
    <List aria-label="Credit history">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <span>{historyLabel(entry, serviceAreas)}</span>
          <span>
            {entry.amountCents > 0 ? '+' : '−'}
            {formatCents(currencySymbol, Math.abs(entry.amountCents))}
          </span>
        </li>
      ))}
    </List>
  );
}
