/**
 * How a link between the remote's pages starts loading a page's chunk on intent. The chunks'
 * list (src/pageChunks.ts) imports the pages, and the pages show these links: the remote's App
 * hands the loader down through this context instead, so nothing imports in a circle.
 */
import { createContext, useContext } from 'react';

/** Starts loading the chunk of the page at a path; by default (no App above) does nothing. */
export const PagePreload = createContext<(path: string) => void>(() => undefined);

/**
 * The handlers that start loading the page at a path (through the context's loader) once the
 * driver shows intent on a link or button to it: a finger on it, the pointer over it, and, unless
 * `focus` is false, keyboard focus (a dialog that focuses its button as it opens shows no intent
 * by that).
 */
export function usePreloadOnIntent() {
  const preloadPage = useContext(PagePreload);
  return (path: string, { focus = true } = {}) => {
    const preload = () => preloadPage(path);
    return { onPointerEnter: preload, onTouchStart: preload, ...(focus && { onFocus: preload }) };
  };
}
