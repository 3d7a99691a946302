import { formatLocalDateTime, type ReleaseAuditEntry, type ReleaseChannel, type ReleaseChannelEntry } from '@blockpilot/shared';
import { Actions, Button, Chip, Paper } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { CardHeading } from '../components/Cards';
import { useT, type AdminMessageKey } from '../i18n';
import { CanaryFacts, FactLines, HealthFacts } from './CanaryFacts';
import type { ReleaseMove } from './ReleaseMoveDialog';

const ChannelTitle = styled.h2`
  margin: 0;
  font-size: 1.25rem;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.palette.textMuted};
  overflow-wrap: anywhere;
`;

/** The remotes of a channel: one card each, as many columns as fit (one on a phone). */
const Remotes = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: 12px;
`;

const RemoteCard = styled.li`
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.palette.divider};
  border-radius: ${({ theme }) => theme.radius}px;
  overflow-wrap: anywhere;
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  dl {
    margin: 8px 0 0;
  }
  dt {
    font-weight: 600;
    margin-top: 8px;
  }
  dd {
    margin: 0;
  }
`;

const HistoryHeading = styled.h3`
  margin: 24px 0 0;
  font-size: 1.05rem;
`;

/**
 * The channel's moves, newest first: a row of columns on a wide screen, a small card each below
 * 600 px (one list either way, so it reads the same to a screen reader).
 */
const Moves = styled.ol`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  li {
    display: grid;
    grid-template-columns: 12.5rem 11rem minmax(8rem, 1fr) minmax(12rem, 1.2fr) minmax(10rem, 2fr);
    gap: 4px 12px;
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.palette.divider};
    overflow-wrap: anywhere;
  }
  @media (max-width: 599.98px) {
    li {
      grid-template-columns: minmax(0, 1fr);
      padding: 12px;
      margin-bottom: 8px;
      border: 1px solid ${({ theme }) => theme.palette.divider};
      border-radius: ${({ theme }) => theme.radius}px;
    }
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.palette.textMuted};
`;

/** The words of each move of a channel; anything else the log holds is shown by its own name. */
const MOVE_WORDS: Record<string, AdminMessageKey> = {
  promote: 'releases.move.promote',
  canary: 'releases.move.canary',
  rollback: 'releases.move.rollback',
  'canary-rollback': 'releases.move.canaryRollback',
};

function MoveItem({ move }: { move: ReleaseAuditEntry }) {
  const t = useT();
  const words = MOVE_WORDS[move.action];
  return (
    <li>
      <span>{formatLocalDateTime(Date.parse(move.at))}</span>
      <strong>
        {words ? t(words) : move.action}
        {move.remote ? ` · ${move.remote}` : ''}
      </strong>
      <span>{t('releases.move.versions', { from: move.fromVersion ?? '—', to: move.toVersion ?? '—' })}</span>
      <Muted>
        {t('releases.move.by', { actor: move.actor })}
        {move.forced ? ` · ${t('releases.move.forced')}` : ''}
      </Muted>
      <span>{move.reason ?? '—'}</span>
    </li>
  );
}

function RemoteEntry({ channel, entry, onMove }: { channel: ReleaseChannel; entry: ReleaseChannelEntry; onMove: (move: ReleaseMove) => void }) {
  const t = useT();
  const names = { remote: entry.remote, channel: channel.name };
  return (
    <RemoteCard aria-label={t('releases.remoteOn', names)}>
      <CardHeading>
        <h3>{entry.remote}</h3>
        {entry.canary && <Chip dot="warning">{t('releases.canaryRunning')}</Chip>}
      </CardHeading>
      <dl>
        <dt>{t('releases.stable')}</dt>
        <dd>
          <FactLines>
            <span>{entry.release.version}</span>
            {entry.release.health && <HealthFacts health={entry.release.health} />}
          </FactLines>
        </dd>
        <dt>{t('releases.canary')}</dt>
        <dd>{entry.canary ? <CanaryFacts canary={entry.canary} /> : t('releases.noCanary')}</dd>
      </dl>
      <Actions>
        {entry.canary ? (
          <Button type="button" $variant="outlined" aria-label={t('releases.abortNamed', names)} onClick={() => onMove({ kind: 'abortCanary', channel, entry })}>
            {t('releases.abort')}
          </Button>
        ) : (
          <Button type="button" $variant="outlined" aria-label={t('releases.rollbackNamed', names)} onClick={() => onMove({ kind: 'rollback', channel, entry })}>
            {t('releases.rollback')}
          </Button>
        )}
      </Actions>
    </RemoteCard>
  );
}

/** One channel: its revision, each remote's stable release and canary with the moves offered, and its latest moves. */
export function ReleaseChannelSection({ channel, onMove }: { channel: ReleaseChannel; onMove: (move: ReleaseMove) => void }) {
  const t = useT();
  const headingId = `channel-${channel.name}`;
  return (
    <Paper aria-labelledby={headingId}>
      <ChannelTitle id={headingId}>{channel.name}</ChannelTitle>
      <Meta>{t('releases.channelMeta', { revision: channel.revision, date: formatLocalDateTime(Date.parse(channel.updatedAt)) })}</Meta>
      {channel.entries.length === 0 ? (
        <p>{t('releases.channelEmpty')}</p>
      ) : (
        <Remotes aria-label={t('releases.remotes', { channel: channel.name })}>
          {channel.entries.map((entry) => (
            <RemoteEntry key={entry.remote} channel={channel} entry={entry} onMove={onMove} />
          ))}
        </Remotes>
      )}
      <HistoryHeading>{t('releases.history', { channel: channel.name })}</HistoryHeading>
      {channel.history.length === 0 ? (
        <p>{t('releases.historyNone')}</p>
      ) : (
        <Moves aria-label={t('releases.history', { channel: channel.name })}>
          {channel.history.map((move) => (
            <MoveItem key={move.id} move={move} />
          ))}
        </Moves>
      )}
    </Paper>
  );
}
