/** Building the response envelope `{ data?, alert?, redirect?, errors? }` of docs/ARCHITECTURE.md. */
import type { Envelope } from '@blockpilot/shared/types';

/** A success: the data, with an optional alert to show and a path to go to. */
export function ok<T>(data: T, extra: { alert?: string; redirect?: string } = {}): Envelope<T> {
  return { data, ...extra };
}
