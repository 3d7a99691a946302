/**
 * The logs view: the live list of offers (see {@link useLogFeed}), the stored choice of which
 * actions to show, older entries by scrolling to the end of the 750 px area (on a phone, of the
 * page) or by the button, and forfeiting accepted blocks inside their window (docs/PRODUCT.md sections 4
 * and 9). Ignored offers say why, and the log can be narrowed to one reason. Live events
 * (docs/LIVE.md) poll at once when new entries were written and take out an entry forfeited on
 * another device; a forfeit answered 410 (forfeited already, elsewhere) takes it out here too.
 */
import {
  down,
  IGNORE_REASONS,
  LOG_POLL_MS,
  LOGS_LOAD_MORE_THRESHOLD_PX,
  LOGS_MAX_HEIGHT_PX,
  useSession,
  type IgnoreReason,
  type LogAction,
  type LogEntry,
  type SearchStatus as SearchStatusValue,
} from '@blockpilot/shared';
import { Button, Paper, Select, Spinner } from '@blockpilot/shared/ui';
import { useEffect, useId, useRef, type UIEvent } from 'react';
import styled from 'styled-components';
import { isOneOf, useStoredPreference } from '../../components/useStoredPreference';
import { useInView } from '../../components/useInView';
import { useMediaQuery } from '../../components/useMediaQuery';
import { useNow } from '../../components/useNow';
import { useT, type MessageKey } from '../../i18n';
import { canForfeit } from './forfeit';
import { ignoreReasonText, REASON_LABELS } from './ignoreReasons';
import { canAcceptOffered, useAcceptOffered } from './useAcceptOffered';
import { ForfeitDialog } from './ForfeitDialog';
import { useForfeit } from './useForfeit';
import { LogEntryCard, serviceAreaName } from './LogEntryCard';
import { PanelHeader, PanelTitle } from './panelParts';
import { useLogFeed } from './useLogFeed';

/** The log filter choices, stored as docs/PRODUCT.md section 3 names them. */
export const LOG_FILTER_CHOICES = ['accept and ignore', 'accept', 'ignore'] as const;
export type LogFilterChoice = (typeof LOG_FILTER_CHOICES)[number];

const ACTIONS: Record<LogFilterChoice, LogAction[]> = {
  'accept and ignore': ['BLOCK_ACCEPT', 'BLOCK_IGNORE'],
  accept: ['BLOCK_ACCEPT'],
  ignore: ['BLOCK_IGNORE'],
};

/** Each choice's words: in the select, and when the log is empty. */
const CHOICE_LABELS: Record<LogFilterChoice, { option: MessageKey; empty: MessageKey }> = {
  'accept and ignore': { option: 'log.show.acceptedAndIgnored', empty: 'log.empty.acceptedAndIgnored' },
  accept: { option: 'log.show.accepted', empty: 'log.empty.accepted' },
  ignore: { option: 'log.show.ignored', empty: 'log.empty.ignored' },
};

/** The reason filter: any reason, or one. */
type ReasonChoice = 'any' | IgnoreReason;
const REASON_CHOICES: readonly ReasonChoice[] = ['any', ...IGNORE_REASONS];

/** What the search is doing, above the log (its message), or null while it searches. */
function searchLine(status: SearchStatusValue | null): MessageKey | null {
  if (!status) return 'log.searching.checking';
  if (!status.searching) return 'log.searching.stopped';
  if (status.pausedFor === 'credit') return 'log.searching.pausedForCredit';
  if (status.noEligibleStation) return 'log.searching.noEligibleStation';
  return null;
}

const ChoiceSelect = styled(Select)`
  width: 100%;
  max-width: 260px;
`;

/** Same height whether searching or not, so starting and stopping moves nothing. */
const SearchStatus = styled.div`
  min-height: 60px;
  display: flex;
  align-items: center;
  color: ${({ theme }) => theme.palette.textMuted};
  & > div {
    padding: 0;
  }
`;

const ScrollArea = styled.div`
  max-height: ${LOGS_MAX_HEIGHT_PX}px;
  min-height: 200px;
  overflow-y: auto;
  overscroll-behavior: contain;
  /* On a phone the log scrolls with the page, under the sticky Start/status bar: a box scrolling
     inside a scrolling page is hard to handle with a thumb (docs/FRONTEND.md, "Phone dashboard").
     Older entries load when the end of the list comes into view. */
  ${down('lg')} {
    max-height: none;
    overflow-y: visible;
  }
  border-top: 1px solid ${({ theme }) => theme.palette.divider};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: 2px;
  }
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Centered = styled.div`
  min-height: 200px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 4px;
  padding: 16px;
  text-align: center;
  color: ${({ theme }) => theme.palette.textMuted};
  p {
    margin: 0;
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: center;
  padding: 16px 0 8px;
  color: ${({ theme }) => theme.palette.textMuted};
  font-size: 0.875rem;
`;

export interface LogsPanelProps {
  /** Show service areas by short name (the stored choice, default on). */
  abbreviate: boolean;
}

export function LogsPanel({ abbreviate }: LogsPanelProps) {
  const t = useT();
  const { account, serviceAreas, searchStatus, refresh, onLive } = useSession();
  const symbol = account?.currency_symbol ?? '$';
  const [choice, setChoice] = useStoredPreference<LogFilterChoice>('logFilter', 'accept and ignore', isOneOf(LOG_FILTER_CHOICES));
  const [reasonChoice, setReasonChoice] = useStoredPreference<ReasonChoice>('logReason', 'any', isOneOf(REASON_CHOICES));
  // A reason narrows the log to ignored offers; accepted blocks have none.
  const reasons = choice !== 'accept' && reasonChoice !== 'any' ? [reasonChoice] : null;
  // A block accepted meanwhile was charged its fee: the credit chip must show the new balance.
  const feed = useLogFeed(reasons ? ['BLOCK_IGNORE'] : ACTIONS[choice], () => void refresh(), reasons);
  const { pollNow, remove, replace } = feed;
  useEffect(
    () =>
      onLive((event) => {
        if (event.type === 'logs') pollNow();
        else if (event.type === 'logRemoved') remove(event.id);
      }),
    [onLive, pollNow, remove],
  );
  // The forfeit window closes with time alone; re-check it as often as the log is polled.
  const now = useNow(LOG_POLL_MS);
  const forfeit = useForfeit(remove);
  const offered = useAcceptOffered(replace);
  const titleId = `${useId().replace(/:/g, '')}-title`;
  const areaName = (entry: LogEntry) => serviceAreaName(serviceAreas, entry.serviceAreaId, abbreviate);
  const stationName = (id: string) => serviceAreaName(serviceAreas, id, true);
  const line = searchLine(searchStatus);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const area = event.currentTarget;
    if (area.scrollHeight - area.scrollTop - area.clientHeight <= LOGS_LOAD_MORE_THRESHOLD_PX) feed.loadMore();
  };
  // On a phone the page scrolls, not the area: the end of the list coming into view loads more.
  const pageScrolls = useMediaQuery(down('lg'));
  const end = useRef<HTMLDivElement>(null);
  useInView(end, pageScrolls && feed.loaded && !feed.reachedEnd, feed.loadMore);

  return (
    <Paper aria-labelledby={titleId}>
      <PanelHeader>
        <PanelTitle id={titleId}>{t('log.title')}</PanelTitle>
        <ChoiceSelect
          label={t('log.show')}
          options={LOG_FILTER_CHOICES.map((value) => ({ value, label: t(CHOICE_LABELS[value].option) }))}
          value={choice}
          onChange={(event) => setChoice(event.target.value as LogFilterChoice)}
        />
        {choice !== 'accept' && (
          <ChoiceSelect
            label={t('log.reason')}
            options={REASON_CHOICES.map((value) => ({ value, label: t(value === 'any' ? 'log.reason.any' : REASON_LABELS[value]) }))}
            value={reasonChoice}
            onChange={(event) => setReasonChoice(event.target.value as ReasonChoice)}
          />
        )}
      </PanelHeader>
      <SearchStatus>{line ? t(line) : <Spinner label={t('log.searching.looking')} />}</SearchStatus>
      <ScrollArea role="region" aria-label={t('log.offers')} tabIndex={0} onScroll={onScroll} aria-busy={!feed.loaded || feed.loadingMore}>
        {!feed.loaded ? (
          <Centered>
            <Spinner label={t('log.loading')} />
          </Centered>
        ) : feed.entries.length === 0 ? (
          <Centered>
            <p>{reasons ? t('log.empty.reason', { reason: t(REASON_LABELS[reasons[0]!]) }) : t(CHOICE_LABELS[choice].empty)}</p>
            <p>{t('log.empty.hint')}</p>
          </Centered>
        ) : (
          <>
            <List aria-label={t('log.offersNewestFirst')}>
              {feed.entries.map((entry) => (
                <LogEntryCard
                  key={entry._id}
                  entry={entry}
                  areaName={areaName(entry)}
                  areaFullName={serviceAreaName(serviceAreas, entry.serviceAreaId, false)}
                  reason={entry.action === 'BLOCK_IGNORE' ? ignoreReasonText(t, entry, stationName) : undefined}
                  currencySymbol={symbol}
                  now={now}
                  onForfeit={canForfeit(entry, now) ? () => forfeit.ask(entry) : undefined}
                  onAccept={canAcceptOffered(entry, now) ? () => void offered.accept(entry) : undefined}
                  acceptState={offered.stateOf(entry._id)}
                />
              ))}
            </List>
            <Footer ref={end}>
              {feed.reachedEnd ? (
                t('log.end')
              ) : (
                <Button type="button" $variant="outlined" onClick={feed.loadMore} disabled={feed.loadingMore} aria-busy={feed.loadingMore || undefined}>
                  {t(feed.loadingMore ? 'log.loadingOlder' : 'log.showMore')}
                </Button>
              )}
            </Footer>
          </>
        )}
      </ScrollArea>
      <ForfeitDialog
        entry={forfeit.target}
        areaName={forfeit.target ? areaName(forfeit.target) : ''}
        currencySymbol={symbol}
        pending={forfeit.pending}
        onConfirm={() => void forfeit.confirm()}
        onCancel={forfeit.cancel}
      />
    </Paper>
  );
}
