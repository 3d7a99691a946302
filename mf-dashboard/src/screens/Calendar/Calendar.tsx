/**
 * /dashboard/calendar (docs/LIVE.md "The driver's app"): the driver's accepted blocks of a week,
 * Monday to Sunday in the browser's zone (the one sent with Start, which the server counts days
 * in); seven columns on a wide screen, a list of days on a phone. Each block says until when it
 * can be forfeited, with the log's forfeit (Dashboard/useForfeit.ts, ForfeitDialog.tsx), or why
 * it no longer can. Below, the private calendar feed for the phone's own calendar. On a phone the
 * page opens on today (scrolled to its day), not on the week's past days above it.
 */
import { api, formatDayOf, localClock, type LogEntry, SUB_PAGES, up, useSession } from '@blockpilot/shared';
import { Button, Chip, Notice, Page, Paper, Spinner } from '@blockpilot/shared/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { DashboardPages } from '../../components/DashboardPages';
import { LoadFailed } from '../../components/LoadFailed';
import { ButtonRow, PageStack, SpanBar } from '../../components/pageParts';
import { addDays, dateOf, dayKey, daysOf, mondayOf } from '../../components/days';
import { useLoad } from '../../components/useLoad';
import { useMediaQuery } from '../../components/useMediaQuery';
import { useNow } from '../../components/useNow';
import { formatCents, formatMoney, formatTimeRange } from '../../format';
import { useT } from './i18n';
import { canForfeit, forfeitLine } from '../Dashboard/forfeit';
import { ForfeitDialog } from '../Dashboard/ForfeitDialog';
import { serviceAreaName } from '../Dashboard/LogEntryCard';
import { useForfeit } from '../Dashboard/useForfeit';
import { CalendarFeedPanel } from './CalendarFeedPanel';

/** How often the forfeit lines are checked against the clock. */
const CLOCK_MS = 30_000;

/** One column per day from the large breakpoint on; a list of days below it. */
const Week = styled.ol`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  ${up('lg')} {
    grid-template-columns: repeat(7, minmax(0, 1fr));
    gap: 8px;
  }
`;

const Day = styled(Paper).attrs({ as: 'li' })<{ $today: boolean }>`
  padding: 12px;
  /* Scrolled to on a phone: not under the fixed navigation bar. */
  scroll-margin-top: ${({ theme }) => theme.navHeight + 16}px;
  ${({ $today, theme }) => ($today ? `outline: 2px solid ${theme.palette.primary};` : '')}
  h3 {
    margin: 0 0 8px;
    font-size: 1rem;
    font-weight: 600;
  }
  ul {
    display: flex;
    flex-direction: column;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Block = styled.li`
  padding: 8px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.palette.background};
  overflow-wrap: anywhere;
  p {
    margin: 0 0 4px;
  }
`;

const Muted = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

const Strong = styled.p`
  font-weight: 600;
`;

export function Calendar() {
  const t = useT();
  const { account, serviceAreas } = useSession();
  const today = dayKey(new Date());
  const [monday, setMonday] = useState(() => mondayOf(today));
  const range = { from: monday, to: addDays(monday, 6) };
  const blocks = useLoad(monday, () => api.user.getBlocks(range));
  // The driver's away dates (docs/PRODUCT.md "Work limits"): marked on their days; none while not loaded.
  const limits = useLoad('workLimits', () => api.user.getWorkLimits());
  const awayDates = limits.state === 'ready' ? limits.data.awayDates : [];
  const isAway = (day: string) => awayDates.some((range) => range.from <= day && day <= range.to);
  // Blocks forfeited here leave the week at once.
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const forfeit = useForfeit((id) => setGone((ids) => new Set(ids).add(id)));
  const now = useNow(CLOCK_MS);
  const symbol = account?.currency_symbol ?? '$';
  const shortName = (entry: LogEntry) => serviceAreaName(serviceAreas, entry.serviceAreaId, true);
  const dayTitle = (day: string) => formatDayOf(localClock(dateOf(day)));

  // On a phone the days are a list: the first time this week is shown, today's day is brought to
  // the top of the screen, so the driver sees today's blocks rather than the past days before it.
  const sideBySide = useMediaQuery(up('lg'));
  const showedToday = useRef(false);
  const weekShown = blocks.state === 'ready' && monday === mondayOf(today);
  useEffect(() => {
    if (!weekShown || sideBySide || showedToday.current) return;
    showedToday.current = true;
    document.querySelector(`[data-day="${today}"]`)?.scrollIntoView({ block: 'start' });
  }, [weekShown, sideBySide, today]);

  /**
   * The week's days, their blocks once `entries` is loaded (null while loading: the days stand
   * with a placeholder line, so the week takes its place at once and nothing below it is pushed
   * down when the blocks arrive).
   */
  function week(entries: LogEntry[] | null) {
    const byDay = new Map<string, LogEntry[]>();
    for (const entry of entries ?? []) {
      const day = dayKey(new Date(entry.startTime * 1000));
      byDay.set(day, [...(byDay.get(day) ?? []), entry]);
    }
    return (
      <Week aria-label={t('calendar.weekOf', { day: dayTitle(monday) })} aria-busy={entries === null}>
        {daysOf(range).map((day) => {
          const dayBlocks = byDay.get(day) ?? [];
          return (
            <Day key={day} $today={day === today} aria-labelledby={`day-${day}`} data-day={day}>
              <h3 id={`day-${day}`}>
                {dayTitle(day)}
                {day === today && (
                  <>
                    {' '}
                    <Chip>{t('calendar.today')}</Chip>
                  </>
                )}
                {isAway(day) && (
                  <>
                    {' '}
                    <Chip data-away>{t('calendar.away')}</Chip>
                  </>
                )}
              </h3>
              {entries === null ? (
                <Muted aria-hidden="true">…</Muted>
              ) : dayBlocks.length === 0 ? (
                <Muted>{t('calendar.noBlocks')}</Muted>
              ) : (
                <ul>
                  {dayBlocks.map((entry) => (
                    <Block key={entry._id} data-log-id={entry._id}>
                      <Strong>{formatTimeRange(entry.startTime, entry.endTime)}</Strong>
                      <p>{shortName(entry)}</p>
                      <p>
                        {entry.cost
                          ? t('calendar.priceWithFee', { price: formatMoney(symbol, entry.rateInfo.priceAmount), fee: formatCents(symbol, entry.cost) })
                          : formatMoney(symbol, entry.rateInfo.priceAmount)}
                      </p>
                      <Muted data-forfeit-line>{forfeitLine(t, entry, now)}</Muted>
                      {canForfeit(entry, now) && (
                        <Button
                          type="button"
                          $variant="outlined"
                          onClick={() => forfeit.ask(entry)}
                          aria-label={t('calendar.forfeitLabel', { station: shortName(entry), day: dayTitle(day), time: formatTimeRange(entry.startTime, entry.endTime) })}
                        >
                          {t('forfeit.action')}
                        </Button>
                      )}
                    </Block>
                  ))}
                </ul>
              )}
            </Day>
          );
        })}
      </Week>
    );
  }

  const kept = blocks.state === 'ready' ? blocks.data.filter((entry) => !gone.has(entry._id)) : null;

  return (
    <Page title={t('calendar.title')} width="wide" route={SUB_PAGES.dashboard.calendar} remote="mf_dashboard">
      <PageStack>
        <DashboardPages />
        <SpanBar>
          <h2 aria-live="polite">
            {dayTitle(range.from)} – {dayTitle(range.to)}
          </h2>
          <ButtonRow>
            <Button type="button" $variant="outlined" onClick={() => setMonday(addDays(monday, -7))}>
              {t('calendar.previous')}
            </Button>
            <Button type="button" $variant="outlined" disabled={monday === mondayOf(today)} onClick={() => setMonday(mondayOf(today))}>
              {t('calendar.current')}
            </Button>
            <Button type="button" $variant="outlined" onClick={() => setMonday(addDays(monday, 7))}>
              {t('calendar.next')}
            </Button>
          </ButtonRow>
        </SpanBar>
        {blocks.state === 'error' ? <LoadFailed title={t('calendar.failed')} onRetry={blocks.retry} /> : week(kept)}
        {/* Below the week, so that what arrives with the blocks pushes nothing on screen down. */}
        {blocks.state === 'loading' ? (
          <Spinner label={t('calendar.loadingBlocks')} />
        ) : (
          <>
            {kept?.length === 0 && <Notice title={t('calendar.empty.title')}>{t('calendar.empty.body')}</Notice>}
            <CalendarFeedPanel />
          </>
        )}
      </PageStack>
      <ForfeitDialog
        entry={forfeit.target}
        areaName={forfeit.target ? shortName(forfeit.target) : ''}
        currencySymbol={symbol}
        pending={forfeit.pending}
        onConfirm={() => void forfeit.confirm()}
        onCancel={forfeit.cancel}
      />
    </Page>
  );
}

export default Calendar;
