/**
 * One offer of the log: what the engine did and why, where (the station's full name), when, how
 * long, for how much (and per hour), the fee it charged, and for an accepted block until when it
 * can be forfeited (a countdown in the window's last hour) or why it no longer can, and for an offer
 * the engine raced for, how the race went.
 */
import type { LogEntry, ServiceArea } from '@blockpilot/shared';
import { Button, Chip } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { formatBlockTime, formatCents, formatDay, formatHours, formatMoney, formatTime, formatTimeRange } from '../../format';
import { useT } from '../../i18n';
import { forfeitLine } from './forfeit';
import { raceLine } from './raceLine';
import type { AcceptState } from './useAcceptOffered';

const Item = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 4px 12px;
  padding: 12px 4px;
  border-bottom: 1px solid ${({ theme }) => theme.palette.divider};
`;

const Area = styled.p`
  margin: 0;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

/** Why an offer was ignored, right under its chip. */
const Reason = styled.p`
  margin: 4px 0 0;
  font-size: 0.875rem;
  font-weight: 500;
`;

const Price = styled.p`
  margin: 0;
  font-weight: 700;
  font-size: 1.125rem;
  text-align: right;
  font-variant-numeric: tabular-nums;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.palette.textMuted};
  font-size: 0.875rem;
`;

const Right = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 4px;
`;

export interface LogEntryCardProps {
  entry: LogEntry;
  areaName: string;
  /** The station's full name, shown under an abbreviated one. */
  areaFullName: string;
  /** Why an ignored offer was ignored. */
  reason?: string | undefined;
  currencySymbol: string;
  /** Now, epoch ms: the forfeit countdown's clock. */
  now: number;
  /** Set while the entry is inside its forfeit window. */
  onForfeit?: (() => void) | undefined;
  /** Set for a block only notify filters matched, until it starts (docs/PRODUCT.md "Notify-only filters"). */
  onAccept?: (() => void) | undefined;
  /** The accept under way, or what it answered. */
  acceptState?: AcceptState | undefined;
}

/** The name of a service area as the driver chose to read them (short or full); its id when unknown. */
export function serviceAreaName(areas: ServiceArea[] | null, id: string, abbreviate: boolean): string {
  const area = areas?.find((a) => a.id === id);
  if (!area) return id;
  return abbreviate ? area.shortName : area.fullName;
}

export function LogEntryCard({ entry, areaName, areaFullName, reason, currencySymbol, now, onForfeit, onAccept, acceptState }: LogEntryCardProps) {
  const t = useT();
  const accepted = entry.action === 'BLOCK_ACCEPT';
  const when = formatBlockTime(entry.startTime, entry.endTime);
  const hours = (entry.endTime - entry.startTime) / 3600;
  return (
    <Item data-log-id={entry._id} data-reason={entry.reason}>
      <div>
        <Chip dot={accepted ? 'success' : 'neutral'}>{t(accepted ? 'log.entry.accepted' : 'log.entry.ignored')}</Chip>
        {!accepted && reason && <Reason>{reason}</Reason>}
        <Area>{areaName}</Area>
        {areaFullName !== areaName && <Muted>{areaFullName}</Muted>}
        <Muted>{formatDay(new Date(entry.startTime * 1000))}</Muted>
        <Muted>{formatTimeRange(entry.startTime, entry.endTime)}</Muted>
        <Muted>{t('log.entry.length', { length: formatHours(t, Math.round(hours * 100) / 100) })}</Muted>
        <Muted>{t('log.entry.seenAt', { time: formatTime(new Date(entry.discoveredAt)) })}</Muted>
        {entry.race && <Muted data-race-line>{raceLine(t, entry.race)}</Muted>}
        {accepted && <Muted data-forfeit-line>{forfeitLine(t, entry, now)}</Muted>}
      </div>
      <Right>
        <Price>{formatMoney(currencySymbol, entry.rateInfo.priceAmount)}</Price>
        {hours > 0 && <Muted>{t('units.perHour', { amount: formatMoney(currencySymbol, entry.rateInfo.priceAmount / hours) })}</Muted>}
        {accepted && entry.cost !== undefined && <Muted>{t('log.entry.fee', { amount: formatCents(currencySymbol, entry.cost) })}</Muted>}
        {onAccept && (
          <Button
            type="button"
            $variant="contained"
            onClick={onAccept}
            disabled={acceptState?.pending}
            aria-busy={acceptState?.pending || undefined}
            aria-label={t('log.entry.acceptLabel', { area: areaName, when })}
          >
            {t(acceptState?.pending ? 'log.entry.accepting' : 'log.entry.accept')}
          </Button>
        )}
        {acceptState?.message && (
          <Muted role="status" data-accept-outcome>
            {acceptState.message}
          </Muted>
        )}
        {onForfeit && (
          <Button type="button" $variant="outlined" onClick={onForfeit} aria-label={t('log.entry.forfeitLabel', { area: areaName, when })}>
            {t('forfeit.action')}
          </Button>
        )}
      </Right>
    </Item>
  );
}
