/**
 * How a link between the dashboard's pages starts loading a page's chunk on intent. The chunks'
 * list (src/pageChunks.ts) imports the pages, and the pages show these links: the remote's App
 * hands the loader down through this context instead, so nothing imports in a circle.
 */
import { createContext } from 'react';

/** Starts loading the chunk of the page at a path; by default (no App above) does nothing. */
export const PagePreload = createContext<(path: string) => void>(() => undefined);
