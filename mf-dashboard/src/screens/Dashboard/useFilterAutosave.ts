/**
 * The filter being edited and its auto-save (docs/PRODUCT.md section 4): every change restarts a 500 ms
 * timer, and only a pause that long sends the filter, so a dragged slider is one save, not fifty.
 * Saves go one at a time and always carry the latest values: a pause that ends while a save is on
 * its way waits for it and then sends what the driver has now, so the server never ends on an
 * older version. Success clears the messages and stamps "Saved @ hh:mm AM/PM"; failure shows the
 * server's messages per section.
 */
import { api, ApiError, FILTER_AUTOSAVE_MS, fieldErrorsOf, type FieldErrorMap, type Filter } from '@blockpilot/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: Date }
  /** `explained`: the server said what was wrong (field messages or a toast). */
  | { state: 'failed'; explained: boolean };

export interface FilterAutosave {
  filter: Filter;
  /** Change some fields; a save follows once the driver pauses. */
  update(changes: Partial<Filter>): void;
  /** Send the current values now (the "try again" of a failed save). */
  saveNow(): void;
  status: SaveStatus;
  errors: FieldErrorMap;
}

export function useFilterAutosave(initial: Filter): FilterAutosave {
  const [filter, setFilter] = useState(initial);
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const [errors, setErrors] = useState<FieldErrorMap>({});
  // Refs, because the timer and the save's continuation must see the newest values, not the
  // ones of the render that started them.
  const latest = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef(false);
  const saveAgain = useRef(false);

  const send = useCallback(async () => {
    if (saving.current) {
      saveAgain.current = true;
      return;
    }
    saving.current = true;
    setStatus({ state: 'saving' });
    try {
      await api.user.saveFilter(latest.current);
      setErrors({});
      setStatus({ state: 'saved', at: new Date() });
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      setErrors(fieldErrors);
      setStatus({ state: 'failed', explained: Object.keys(fieldErrors).length > 0 || Boolean(error instanceof ApiError && error.envelope.alert) });
      console.warn('[saveFilter] failed:', error instanceof Error ? error.message : error);
    } finally {
      saving.current = false;
      // A save that waited goes out at once; its 'saving' replaces this answer in the same render.
      if (saveAgain.current) {
        saveAgain.current = false;
        void send();
      }
    }
  }, []);

  const cancelTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const update = useCallback(
    (changes: Partial<Filter>) => {
      latest.current = { ...latest.current, ...changes };
      setFilter(latest.current);
      cancelTimer();
      timer.current = setTimeout(() => {
        timer.current = null;
        void send();
      }, FILTER_AUTOSAVE_MS);
    },
    [send],
  );

  const saveNow = useCallback(() => {
    cancelTimer();
    void send();
  }, [send]);

  // Leaving the dashboard inside the pause still saves the last change instead of dropping it.
  useEffect(
    () => () => {
      if (timer.current) {
        cancelTimer();
        void send();
      }
    },
    [send],
  );

  return { filter, update, saveNow, status, errors };
}
