/**
 * The latest changes of the credit (docs/LIVE.md "Forfeits"): top-ups, bonuses, fees and refunds,
 * newest first. A fee or refund names its block; a forfeited block, gone from the live log, stays
 * here with its refund. Reloaded when the credit changes (a top-up, a fee, a refund). A failure
 * is only logged (docs/PRODUCT.md section 8): the list stays as it was.
 */
import { api, formatCents, INTL_LOCALES, useSession, type CreditHistoryEntry, type Language, type ServiceArea } from '@blockpilot/shared';
import { activeLanguage } from '@blockpilot/shared/i18n';
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

const pad = (n: number) => String(n).padStart(2, '0');
/** One formatter per language: building one is costly and every line uses it. */
const whenFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * "Jan 6, 18:00" in the browser's time, a 24-hour clock unlike the app's moments (shared/src/format.ts);
 * other languages take month names and order from `Intl`, as format.ts does: "6 ene, 18:00".
 */
function when(ms: number, language: Language): string {
  const date = new Date(ms);
  if (language === 'en') return `${date.toLocaleString('en-US', { month: 'short' })} ${date.getDate()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  let format = whenFormats.get(language);
  if (!format)
    whenFormats.set(language, (format = new Intl.DateTimeFormat(INTL_LOCALES[language], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  return format.format(date);
}

/** What a history line says: "Refund: forfeited DSE4 block of Jan 7, 10:30". */
export function historyLabel(entry: CreditHistoryEntry, areas: ServiceArea[] | null, t: AccountTranslate): string {
  const kind = t(KIND_LABELS[entry.kind]);
  if (!entry.block) return kind;
  const values = { kind, forfeited: entry.block.forfeited ? 'yes' : 'no', when: when(entry.block.startTime * 1000, activeLanguage()) };
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
