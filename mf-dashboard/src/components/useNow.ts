/**
 * The current time, renewed every `intervalMs`: for things that change with the clock alone,
 * such as a forfeit window closing while nothing else on the screen changes. Candidate for the
 * shared kit.
 */
import { useEffect, useState } from 'react';

export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
