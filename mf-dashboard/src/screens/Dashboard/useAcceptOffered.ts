/**
 * Accepting, from the log, a block only notify filters matched (docs/PRODUCT.md "Notify-only
 * filters"): the call and what its answer says, kept per entry so its card shows it ("Block
 * accepted.", "Taken by another driver."). The log reloads on the live `logs` signal the server
 * sends either way; the credit is reloaded since a fee may have been charged.
 */
import { api, ApiError, useSession, type LogEntry } from '@blockpilot/shared';
import { useCallback, useState } from 'react';
import { useT } from '../../i18n';

/** One card's accept: under way, or its outcome's words. */
export interface AcceptState {
  pending: boolean;
  message: string | null;
}

/** Whether the card of `entry` offers Accept at `now` (epoch ms): a `notify` entry whose block has not started. */
export function canAcceptOffered(entry: LogEntry, now: number): boolean {
  return entry.action === 'BLOCK_IGNORE' && entry.reason === 'notify' && entry.startTime * 1000 > now;
}

/** `onChanged` shows the entry as it now is: accepted with its fee, or taken. */
export function useAcceptOffered(onChanged: (entry: LogEntry) => void): { stateOf(id: string): AcceptState | undefined; accept(entry: LogEntry): Promise<void> } {
  const t = useT();
  const { refresh } = useSession();
  const [states, setStates] = useState<Record<string, AcceptState>>({});
  const set = (id: string, state: AcceptState) => setStates((all) => ({ ...all, [id]: state }));

  const accept = async (entry: LogEntry) => {
    set(entry._id, { pending: true, message: null });
    try {
      const { outcome, feeCents } = await api.user.acceptNotified(entry._id);
      set(entry._id, { pending: false, message: t(outcome === 'accepted' ? 'log.entry.acceptDone' : 'log.entry.acceptAlready') });
      const { reason: _reason, ...rest } = entry;
      onChanged({ ...rest, action: 'BLOCK_ACCEPT', ...(outcome === 'accepted' ? { cost: feeCents } : {}) });
      void refresh();
    } catch (error) {
      // The server's words: "Taken by another driver.", an overlap, credit short.
      set(entry._id, { pending: false, message: error instanceof Error ? error.message : String(error) });
      if (error instanceof ApiError && error.envelope.code === 'BP_ERR_OFFER_TAKEN') onChanged({ ...entry, reason: 'taken' });
    }
  };

  return { stateOf: useCallback((id: string) => states[id], [states]), accept };
}
