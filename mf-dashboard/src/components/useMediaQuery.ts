/**
 * Whether a media query matches now, kept current as the window resizes. The first render
 * already has the right answer (read synchronously), so a desktop does not paint the phone
 * layout first and then jump. Candidate for the shared kit.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** Accepts a bare query ("(min-width: 1200px)") or the theme's `up()`/`down()` form ("@media ..."). */
export function useMediaQuery(query: string): boolean {
  const media = query.replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(media);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(media).matches,
    () => false,
  );
}
