/**
 * Forfeiting an accepted block from any screen that lists them (the log, the calendar): the entry
 * asked about, the call, and what its answer means (docs/PRODUCT.md sections 4 and 8). The entry
 * leaves the screen when the forfeit was done, here or before on another device (410); any other
 * refusal keeps it (the server's alert is already a toast). The credit is reloaded either way a
 * refund may have happened.
 */
import { api, ApiError, useSession, type LogEntry } from '@blockpilot/shared';
import { useState } from 'react';

export interface Forfeit {
  /** The block the confirmation asks about; null while closed. */
  target: LogEntry | null;
  pending: boolean;
  ask(entry: LogEntry): void;
  cancel(): void;
  confirm(): Promise<void>;
}

/** `onGone` takes the entry off the screen once its block is no longer the driver's. */
export function useForfeit(onGone: (id: string) => void): Forfeit {
  const { refresh } = useSession();
  const [target, setTarget] = useState<LogEntry | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!target) return;
    setPending(true);
    try {
      await api.user.forfeitBlock(target._id);
      onGone(target._id);
      void refresh();
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) {
        onGone(target._id);
        void refresh();
      }
      console.warn('[forfeitBlock] failed:', error instanceof Error ? error.message : error);
    } finally {
      setPending(false);
      setTarget(null);
    }
  };

  return { target, pending, ask: setTarget, cancel: () => setTarget(null), confirm };
}
