/**
 * The live log (docs/PRODUCT.md section 4): the newest page of entries first, then every 5 s the entries
 * newer than the newest seen (`discoveredAt.$gt`), put on top; older pages on demand
 * (`discoveredAt.$lt` the oldest shown), one load at a time. Polls are chained, not on an
 * interval, so a slow server never has two polls in flight. Changing the actions shown starts
 * over; answers that arrive after that (or after unmount) are dropped. Failures are only logged
 * (docs/PRODUCT.md section 8): the next poll simply tries again. A block accepted while the log is open
 * changed the driver's credit (its fee), so `onAccepted` is told, to refresh what shows it.
 * `pollNow` asks at once for the newest page (a live event said entries were written,
 * docs/LIVE.md) and merges what it has not seen in time order: an entry written after others of
 * the same poll shares their time, so asking only for newer ones could miss it. `reasons` narrows
 * the log to ignored offers with those reasons.
 */
import { api, LOG_POLL_MS, type IgnoreReason, type LogAction, type LogEntry, type LogQuery } from '@blockpilot/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface LogFeed {
  entries: LogEntry[];
  /** False until the first page has arrived. */
  loaded: boolean;
  /** An older page is on its way. */
  loadingMore: boolean;
  /** An older page came back empty: there is nothing further back. */
  reachedEnd: boolean;
  loadMore(): void;
  /** Take an entry out (after it was forfeited). */
  remove(id: string): void;
  /** Show an entry as it now is (an offered block accepted or taken from its card): newer polls never bring it again. */
  replace(entry: LogEntry): void;
  /** Poll now instead of at the next tick (no second poll while one is on its way). */
  pollNow(): void;
}

function logFailure(what: string, error: unknown) {
  console.warn(`[getLogs] ${what} failed:`, error instanceof Error ? error.message : error);
}

/** Entries of `extra` not already in `list`, by id. */
function unseen(list: LogEntry[], extra: LogEntry[]): LogEntry[] {
  const ids = new Set(list.map((e) => e._id));
  return extra.filter((e) => !ids.has(e._id));
}

/** The query's actions and reasons, from their keys. */
function queryFilter(actionsKey: string, reasonsKey: string): Pick<LogQuery, 'action' | 'reason'> {
  return {
    action: { $in: actionsKey.split(',') as LogAction[] },
    ...(reasonsKey ? { reason: { $in: reasonsKey.split(',') as IgnoreReason[] } } : {}),
  };
}

/** Called when a poll (after the first page) brings blocks the engine accepted meanwhile. */
export type OnAccepted = () => void;

export function useLogFeed(actions: readonly LogAction[], onAccepted?: OnAccepted, reasons: readonly IgnoreReason[] | null = null): LogFeed {
  const [entries, setEntriesState] = useState<LogEntry[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [reachedEnd, setReachedEnd] = useState(false);
  // The poll and the older-page load read the list between renders, so it lives in a ref too.
  const entriesRef = useRef<LogEntry[]>([]);
  const setEntries = (next: LogEntry[]) => {
    entriesRef.current = next;
    setEntriesState(next);
  };
  /** Bumped on every start-over and on unmount: an answer from an older generation is dropped. */
  const generation = useRef(0);
  const loadingMoreRef = useRef(false);
  const actionsKey = actions.join(',');
  const reasonsKey = reasons ? reasons.join(',') : '';
  /** Polls at once when no poll is on its way (set by the running generation). */
  const pollNowRef = useRef<() => void>(() => undefined);
  // The latest callback, without restarting the polls when it changes.
  const onAcceptedRef = useRef(onAccepted);
  useLayoutEffect(() => {
    onAcceptedRef.current = onAccepted;
  });

  useEffect(() => {
    const mine = ++generation.current;
    const filter = queryFilter(actionsKey, reasonsKey);
    setEntries([]);
    setLoaded(false);
    setReachedEnd(false);
    loadingMoreRef.current = false;
    setLoadingMore(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polling = false;
    /** A live event came while a poll was on its way: the newest page is asked for right after it. */
    let headWanted = false;
    // The first page is what was there already; what later polls bring arrived while watching.
    let firstPage = true;

    const poll = async (head = false) => {
      polling = true;
      clearTimeout(timer);
      const newest = entriesRef.current[0]?.discoveredAt;
      const query: LogQuery = newest === undefined || head ? { ...filter } : { discoveredAt: { $gt: newest }, ...filter };
      try {
        const page = await api.user.getLogs(query);
        if (generation.current !== mine) return;
        const fresh = unseen(entriesRef.current, page ?? []);
        // A head page may hold entries older than the newest shown: they go where their time is
        // (a stable sort keeps the server's order among entries of one moment).
        if (fresh.length) {
          const merged = [...fresh, ...entriesRef.current];
          setEntries(head ? merged.sort((a, b) => b.discoveredAt - a.discoveredAt) : merged);
        }
        if (!firstPage && fresh.some((entry) => entry.action === 'BLOCK_ACCEPT')) onAcceptedRef.current?.();
        firstPage = false;
        setLoaded(true);
      } catch (error) {
        if (generation.current === mine) logFailure('polling', error);
      } finally {
        polling = false;
        const head = headWanted;
        headWanted = false;
        if (generation.current === mine) timer = setTimeout(() => void poll(head), head ? 0 : LOG_POLL_MS);
      }
    };
    pollNowRef.current = () => {
      if (generation.current !== mine) return;
      if (polling) headWanted = true;
      else void poll(true);
    };
    void poll();

    return () => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- a counter, not a DOM node: bumping it is what makes a late answer stale
      generation.current++;
      clearTimeout(timer);
    };
  }, [actionsKey, reasonsKey]);

  const loadMore = useCallback(() => {
    const oldest = entriesRef.current[entriesRef.current.length - 1];
    if (loadingMoreRef.current || !oldest || reachedEnd) return;
    loadingMoreRef.current = true;
    setLoadingMore(true);
    const mine = generation.current;
    api.user
      .getLogs({ discoveredAt: { $lt: oldest.discoveredAt }, ...queryFilter(actionsKey, reasonsKey) })
      .then(
        (page) => {
          if (generation.current !== mine) return;
          const older = unseen(entriesRef.current, page ?? []);
          if (older.length) setEntries([...entriesRef.current, ...older]);
          else setReachedEnd(true);
        },
        (error: unknown) => {
          if (generation.current === mine) logFailure('loading older entries', error);
        },
      )
      .finally(() => {
        if (generation.current !== mine) return;
        loadingMoreRef.current = false;
        setLoadingMore(false);
      });
  }, [actionsKey, reasonsKey, reachedEnd]);

  const remove = useCallback((id: string) => setEntries(entriesRef.current.filter((e) => e._id !== id)), []);
  const replace = useCallback((entry: LogEntry) => setEntries(entriesRef.current.map((e) => (e._id === entry._id ? entry : e))), []);
  const pollNow = useCallback(() => pollNowRef.current(), []);

  return { entries, loaded, loadingMore, reachedEnd, loadMore, remove, replace, pollNow };
}
