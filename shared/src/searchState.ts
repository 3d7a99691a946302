/**
 * What the driver's search is doing, in the four words the app shows it (the dashboard's chip
 * under Start/Stop, and the signed-in page while its code loads: docs/FRONTEND.md "Cold start").
 * Decided here once; the page's inline script (./pageScript.ts) carries an ES5 copy of
 * {@link searchStateOf}, held to this one by its tests.
 */
// `.js`: the server imports the page script, and with it this module (NodeNext resolution).
import type { SearchStatus } from './types.js';

/** Most telling first: stopped, then paused for credit, then waiting for a station, else started. */
export const SEARCH_STATES = ['stopped', 'pausedForCredit', 'noEligibleStation', 'started'] as const;
export type SearchState = (typeof SEARCH_STATES)[number];

export function searchStateOf(status: Pick<SearchStatus, 'searching' | 'pausedFor' | 'noEligibleStation'>): SearchState {
  if (!status.searching) return 'stopped';
  if (status.pausedFor === 'credit') return 'pausedForCredit';
  if (status.noEligibleStation) return 'noEligibleStation';
  return 'started';
}

/**
 * `data-*` name on `<html>` (dataset key): the driver's search state as the page script learnt it
 * from its early requests, before any of the app's code has arrived (docs/FRONTEND.md "Cold start").
 */
export const EARLY_SEARCH_STATE = 'searchState';
/** The attribute of each state's copy in the signed-in frame; the page style shows the one that is. */
export const EARLY_SEARCH_STATE_ATTRIBUTE = 'data-early-search-state';
/**
 * The attribute of the signed-in frame's Stop: shown while the early state says the search runs,
 * it stops the search through the page script, seconds before the app's code has arrived
 * (docs/FRONTEND.md "Cold start").
 */
export const EARLY_STOP_ATTRIBUTE = 'data-early-stop';
/** `data-*` name on `<html>` (dataset key): `pending` while that Stop's request is under way, then `done` or `failed`. */
export const EARLY_STOP = 'earlyStopRequest';
