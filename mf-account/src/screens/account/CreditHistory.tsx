/**
 * The latest changes of the credit (docs/LIVE.md "Forfeits"): top-ups, bonuses, fees and refunds,
 * newest first. A fee or refund names its block; a forfeited block, gone from the live log, stays
 * here with its refund. Reloaded when the credit changes (a top-up, a fee, a refund). A failure
 * is only logged (docs/PRODUCT.md section 8): the list stays as it was.
 */
import { api, formatCents, formatLocalStamp, useSession, type CreditHistoryEntry, type ServiceArea } from '@blockpilot/shared';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useT, type AccountTranslate } from '../../i18n';
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

const KIND_LABELS = {
  signup: 'history.kind.signup',
  topup: 'history.kind.topup',
  payment: 'history.kind.payment',
  membership: 'history.kind.membership',
  invite: 'history.kind.invite',
  fee: 'history.kind.fee',
  refund: 'history.kind.refund',
  adjustment: 'history.kind.adjustment',
  reversal: 'history.kind.reversal',
} as const satisfies Record<CreditHistoryEntry['kind'], Parameters<AccountTranslate>[0]>;

/** What a history line says: "Refund: forfeited DSE4 block of Jan 7, 10:30 AM". */
export function historyLabel(entry: CreditHistoryEntry, areas: ServiceArea[] | null, t: AccountTranslate): string {
  const kind = t(KIND_LABELS[entry.kind]);
  if (!entry.block) return kind;
  const values = { kind, forfeited: entry.block.forfeited ? 'yes' : 'no', when: formatLocalStamp(entry.block.startTime * 1000) };
  const station = areas?.find((area) => area.id === entry.block!.serviceAreaId)?.shortName;
  return station ? t('history.block', { ...values, station }) : t('history.unknownBlock', values);
}

export function CreditHistory({ currencySymbol, credit }: { currencySymbol: string; credit: number }) {
  const t = useT();
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
  if (entries.length === 0) return <p>{t('history.empty')}</p>;
  return (
    <List aria-label={t('history.label')}>
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <span>{historyLabel(entry, serviceAreas, t)}</span>
          <span>
            {entry.amountCents > 0 ? '+' : '−'}
            {formatCents(currencySymbol, Math.abs(entry.amountCents))}
          </span>
        </li>
      ))}
    </List>
  );
}
