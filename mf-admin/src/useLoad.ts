/**
 * One load of the console's data: loading, then the data or a failure, and `reload` to fetch
 * again (after an action, or from the failure's Retry). An answer that arrives after the screen
 * moved on (another driver, another query) is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

export function useLoad<T>(fetch: () => Promise<T>, key: string): { load: Load<T>; reload: () => Promise<void> } {
  const [load, setLoad] = useState<Load<T>>({ kind: 'loading' });
  const latest = useRef(0);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  const reload = useCallback(async () => {
    const attempt = ++latest.current;
    setLoad((current) => (current.kind === 'ready' ? current : { kind: 'loading' }));
    try {
      const data = await fetchRef.current();
      if (attempt === latest.current) setLoad({ kind: 'ready', data });
    } catch (error) {
      if (attempt === latest.current) setLoad({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  useEffect(() => {
    setLoad({ kind: 'loading' });
    void reload();
  }, [key, reload]);

  return { load, reload };
}
