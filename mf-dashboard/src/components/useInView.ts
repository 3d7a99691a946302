/**
 * Calls `onVisible` each time the element comes into the viewport while `enabled`: the end of a
 * list that scrolls with the page, where older entries load. `margin` (an IntersectionObserver
 * rootMargin) counts it in view that far ahead, for what should be ready when it is reached. Where the browser has no
 * IntersectionObserver nothing happens (the list's own button still loads more).
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export function useInView(target: RefObject<Element | null>, enabled: boolean, onVisible: () => void, margin?: string): void {
  // The latest callback, without observing afresh each render.
  const callback = useRef(onVisible);
  useLayoutEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, margin]);
}
