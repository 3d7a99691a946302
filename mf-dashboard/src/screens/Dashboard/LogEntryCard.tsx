/** One offer of the log: what the engine did, where, when, for how much, and the fee it charged. */
import type { LogEntry, ServiceArea } from '@blockpilot/shared';
import { Button, Chip } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { formatBlockTime, formatCents, formatDay, formatMoney, formatTime, formatTimeRange } from '../../format';

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
  currencySymbol: string;
  /** Set while the entry is inside its forfeit window. */
  onForfeit?: () => void;
}

/** The name of a service area as the driver chose to read them (short or full). */
export function serviceAreaName(areas: ServiceArea[] | null, id: string, abbreviate: boolean): string {
  const area = areas?.find((a) => a.id === id);
  if (!area) return id;
  return abbreviate ? area.shortName : area.fullName;
}

export function LogEntryCard({ entry, areaName, currencySymbol, onForfeit }: LogEntryCardProps) {
  const accepted = entry.action === 'BLOCK_ACCEPT';
  const when = formatBlockTime(entry.startTime, entry.endTime);
  return (
    <Item data-log-id={entry._id}>
      <div>
        <Chip dot={accepted ? 'success' : 'neutral'}>{accepted ? 'Accepted' : 'Ignored'}</Chip>
        <Area>{areaName}</Area>
        <Muted>{formatDay(new Date(entry.startTime * 1000))}</Muted>
        <Muted>{formatTimeRange(entry.startTime, entry.endTime)}</Muted>
        <Muted>Seen at {formatTime(new Date(entry.discoveredAt))}</Muted>
      </div>
      <Right>
        <Price>{formatMoney(currencySymbol, entry.rateInfo.priceAmount)}</Price>
        {accepted && entry.cost !== undefined && <Muted>Fee {formatCents(currencySymbol, entry.cost)}</Muted>}
        {onForfeit && (
          <Button type="button" $variant="outlined" onClick={onForfeit} aria-label={`Forfeit the block at ${areaName}, ${when}`}>
            Forfeit
          </Button>
        )}
      </Right>
    </Item>
  );
}
