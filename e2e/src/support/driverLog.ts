/** Waiting on a driver's log page, with the log's newest entries in the error when it does not come. */
import type { Locator } from 'playwright-core';
import type { LogEntry } from '@blockpilot/shared/types';
import { apiCall } from './accounts';
import { product } from './browser';

const TIMEOUT_MS = 30_000;

/** Waits for what the page should show; on a time-out the error lists the driver's newest log entries (read with `token`). */
export async function waitOrExplain(what: Locator, token: string): Promise<void> {
  try {
    await what.waitFor({ timeout: TIMEOUT_MS });
  } catch (error) {
    const entries = await apiCall<LogEntry[]>(product().baseUrl, token, 'POST', '/user/getLogs', { query: {} }).catch(() => []);
    const known = entries.slice(0, 10).map(({ action, startTime, reason, serviceAreaId }) => `${action} ${serviceAreaId} at ${startTime}${reason ? ` (${reason})` : ''}`);
    throw new Error(`${(error as Error).message}\nThe newest log entries: ${JSON.stringify(known)}`, { cause: error });
  }
}
