/**
 * One answer of the server for a screen, reloaded when its key changes: loading, loaded, or failed
 * (with a retry). An answer that arrives after the key moved on (previous/next pressed twice) is
 * dropped, so the screen never shows a week it no longer asks for.
 */
import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'error'; retry(): void } | { state: 'ready'; data: T; reload(): void };

export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [result, setResult] = useState<{ key: string; ok: true; data: T } | { key: string; ok: false } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setResult({ key, ok: true, data }),
      () => current && setResult({ key, ok: false }),
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  if (!result || result.key !== key) return { state: 'loading' };
  return result.ok ? { state: 'ready', data: result.data, reload: retry } : { state: 'error', retry };
}
