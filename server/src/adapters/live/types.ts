/**
 * Signals about one driver that every open device must hear at once (docs/LIVE.md): the search's
 * status changed, the account (credit) changed, new log entries were written, an entry left the
 * log; and one for every open device of every driver: a release went live (`releases`). A signal
 * carries no state of its own beyond an entry id: whoever streams it to a device reads the current
 * state then, so a late or repeated signal can never show something stale.
 */

/** One signal about a driver, or (`releases`) about the app every driver runs. */
export type LiveSignal = { type: 'search' } | { type: 'account' } | { type: 'logs' } | { type: 'logRemoved'; id: string } | { type: 'releases' };

/** Every signal's type, for parsing messages. */
export const LIVE_SIGNAL_TYPES: ReadonlyArray<LiveSignal['type']> = ['search', 'account', 'logs', 'logRemoved', 'releases'];

/** Receives the signals of one driver. */
export type LiveListener = (signal: LiveSignal) => void;

/** Where signals are published and heard: one process (in memory) or every process (Redis pub/sub). */
export interface LiveEvents {
  /** Tells every listener of the driver, in every process. Never throws: a lost signal is caught up by the devices' periodic refresh. */
  publish(userId: string, signal: LiveSignal): void;
  /** Tells every listener of every driver, in every process (docs/LIVE.md "New releases"). Never throws, as `publish`. */
  broadcast(signal: LiveSignal): void;
  /** Listens to the driver's signals published anywhere (and to every broadcast); returns the unsubscribe. */
  subscribe(userId: string, listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** The signal in a published payload (`userId` null: a broadcast to every driver), or null for anything else. */
export function parseLiveMessage(payload: string): { userId: string | null; signal: LiveSignal } | null {
  try {
    const value = JSON.parse(payload) as { userId?: unknown; signal?: { type?: unknown; id?: unknown } };
    const type = value.signal?.type;
    if ((typeof value.userId !== 'string' && value.userId !== null) || !LIVE_SIGNAL_TYPES.includes(type as LiveSignal['type'])) return null;
    if (type === 'logRemoved') return typeof value.signal?.id === 'string' ? { userId: value.userId, signal: { type, id: value.signal.id } } : null;
    return { userId: value.userId, signal: { type } as LiveSignal };
  } catch {
    return null;
  }
}
