/**
 * What a driver's search is given to judge with, read through the driver store (stores.ts,
 * docs/ENGINE.md "Stores"): the enabled filters and the work limits, compiled for the time zone
 * sent with Start.
 */
import { canonicalTimeZone, compileFilters, localOffsetReader, type CompiledFilters } from './matcher.js';
import type { DriverStore } from './stores.js';
import { CompiledLimits } from './workLimits.js';

/**
 * The driver's filters compiled for their time zone: the IANA zone sent with Start when there is
 * one the runtime still knows (daylight-saving changes followed), else the fixed offset.
 */
export async function loadCompiledFilters(drivers: DriverStore, userId: string): Promise<CompiledFilters> {
  const { filters, timezoneOffset, timeZone } = await drivers.filterInputs(userId);
  return compileFilters(filters, timezoneOffset, storedZone(timeZone));
}

/** The stored IANA zone, or undefined: a zone stored by an older runtime and unknown to this one must not stop the search. */
function storedZone(timeZone: string | null): string | undefined {
  return timeZone !== null && canonicalTimeZone(timeZone) !== null ? timeZone : undefined;
}

/**
 * The driver's work limits compiled for the same time zone as the filters, with the positions of
 * the stations the platform gave (docs/ENGINE.md "Schedule").
 */
export async function loadCompiledLimits(drivers: DriverStore, userId: string): Promise<CompiledLimits> {
  const { limits, timezoneOffset, timeZone, positions } = await drivers.limitInputs(userId);
  return new CompiledLimits(limits, localOffsetReader(timezoneOffset, storedZone(timeZone)), positions);
}
