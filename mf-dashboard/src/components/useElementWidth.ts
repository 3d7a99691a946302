/**
 * The element's width in CSS pixels, kept current as it resizes (a phone turned, a window
 * dragged), for drawings that lay themselves out at the size they are shown. Until it is measured,
 * and where the browser has no ResizeObserver, it is `fallback`.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useElementWidth(target: RefObject<Element | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    const measured = element.getBoundingClientRect().width;
    if (measured > 0) setWidth(measured);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = entry?.contentRect.width ?? 0;
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return width;
}
