/**
 * What a `POST /GetOffersForProviderPost` body asks for, decided on the simulator's side as the
 * platform does: which service areas, and which block starts.
 *
 * Areas: `serviceAreaIds` and `filters.serviceAreaFilter`; when both are non-empty only areas in
 * both are listed, when one is, that one, when neither, every eligible area. Whatever was asked,
 * an area the account is not eligible for is never listed (silently, as the platform does: the
 * answer is simply without it).
 *
 * Time: `filters.timeFilter` is `{}` (no restriction, what clients send) or
 * `{ startTime: "HH:MM", endTime: "HH:MM" }`: only blocks starting in that window of the day,
 * both ends inclusive at minute resolution; a start after the end wraps midnight (overnight).
 * The simulator's areas carry no time zone, so the wall clock is UTC.
 */
import type { Offer } from '../types.js';
import { isObject, type JsonObject } from '../validate.js';
import { badRequest, type WorkResult } from './responses.js';

/** A window of the day in minutes since midnight, both ends included; start > end wraps midnight. */
export interface DayWindow {
  startMinute: number;
  endMinute: number;
}

export interface OffersQuery {
  /** Areas to list, all eligible for the account. */
  areaIds: string[];
  /** Only blocks starting in this window; null = any time. */
  window: DayWindow | null;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTES_PER_DAY = 1440;

function stringList(value: unknown): string[] | null {
  if (value === undefined) return [];
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : null;
}

function minuteOfDay(hhmm: unknown): number | null {
  const m = typeof hhmm === 'string' ? HH_MM.exec(hhmm) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function parseTimeFilter(value: unknown): DayWindow | null | WorkResult {
  if (value === undefined) return null;
  const malformed = badRequest('filters.timeFilter must be {} or { startTime: "HH:MM", endTime: "HH:MM" }');
  if (!isObject(value)) return malformed;
  const keys = Object.keys(value);
  if (keys.length === 0) return null;
  if (keys.some((k) => k !== 'startTime' && k !== 'endTime')) return malformed;
  const startMinute = minuteOfDay(value.startTime);
  const endMinute = minuteOfDay(value.endTime);
  if (startMinute === null || endMinute === null) return malformed;
  return { startMinute, endMinute };
}

/** The areas to list: the asked ones (intersected when asked twice), kept to the eligible ones. */
function chooseAreas(ids: string[], filterIds: string[], eligible: readonly string[]): string[] {
  let asked: readonly string[];
  if (ids.length > 0 && filterIds.length > 0) {
    const inFilter = new Set(filterIds);
    asked = ids.filter((id) => inFilter.has(id));
  } else if (ids.length > 0 || filterIds.length > 0) {
    asked = ids.length > 0 ? ids : filterIds;
  } else {
    return [...eligible];
  }
  const allowed = new Set(eligible);
  return asked.filter((id) => allowed.has(id));
}

/** Reads the body (already known to be an object or absent); a malformed part is a 400. */
export function parseOffersQuery(body: JsonObject, eligibleAreaIds: readonly string[]): OffersQuery | WorkResult {
  const ids = stringList(body.serviceAreaIds);
  if (!ids) return badRequest('serviceAreaIds must be an array of strings');
  const filters = body.filters;
  if (filters !== undefined && !isObject(filters)) return badRequest('filters must be an object');
  const filterIds = stringList(filters?.serviceAreaFilter);
  if (!filterIds) return badRequest('filters.serviceAreaFilter must be an array of strings');
  const window = parseTimeFilter(filters?.timeFilter);
  if (window !== null && 'outcome' in window) return window;
  return { areaIds: chooseAreas(ids, filterIds, eligibleAreaIds), window };
}

/** Whether the block starts inside the window (UTC wall clock, minute resolution). */
export function startsInWindow(offer: Offer, window: DayWindow | null): boolean {
  if (window === null) return true;
  const minute = Math.floor(offer.startTime / 60) % MINUTES_PER_DAY;
  return window.startMinute <= window.endMinute ? minute >= window.startMinute && minute <= window.endMinute : minute >= window.startMinute || minute <= window.endMinute;
}
