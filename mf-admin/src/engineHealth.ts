/**
 * What the engine-health screen draws (docs/OPERATIONS.md "Engine health"): one line per figure
 * out of the server's minutes, and the same minutes grouped into at most {@link TABLE_ROWS} rows
 * for the table that says every figure in words.
 */
import { formatNumber, type EngineHealthMinute } from '@blockpilot/shared';
import type { AdminMessageKey, AdminT } from './i18n';

/** The periods the screen offers, minutes, with the key of their name. */
export const PERIODS = [
  { minutes: 60, label: 'engine.period.lastHour' },
  { minutes: 6 * 60, label: 'engine.period.last6Hours' },
  { minutes: 24 * 60, label: 'engine.period.last24Hours' },
] as const satisfies ReadonlyArray<{ minutes: number; label: AdminMessageKey }>;

/** The table's most rows: a longer period is grouped into spans of several minutes. */
export const TABLE_ROWS = 60;

/** One figure's value per minute; null where the minute has none (states never sampled, no accept left). */
export type Line = Array<number | null>;

export type CountFigure = 'offersSeen' | 'accepted' | 'throttled' | 'puzzles';
export type StateFigure = 'searching' | 'waitingOnPuzzle' | 'pausedForCredit';
/** Drivers the platform slowed down in a minute: charted with the states, though no state is stored for it. */
export type PauseFigure = StateFigure | 'backingOff';
export type RaceFigure = 'raceP50Ms' | 'raceP95Ms' | 'raceP99Ms';

/** All failures of a minute, whatever their kind. */
export const errorsOf = (minute: EngineHealthMinute): number => Object.values(minute.errors).reduce((sum, n) => sum + n, 0);

export function lineOf(minutes: readonly EngineHealthMinute[], figure: CountFigure | PauseFigure | RaceFigure | 'errors'): Line {
  return minutes.map((minute) => (figure === 'errors' ? errorsOf(minute) : (minute[figure] ?? null)));
}

/** Did the engine do anything in these minutes (a poll, an accept, a failure)? */
export function engineWasBusy(minutes: readonly EngineHealthMinute[]): boolean {
  return minutes.some((m) => m.offersSeen > 0 || m.accepted > 0 || m.throttled > 0 || m.puzzles > 0 || errorsOf(m) > 0);
}

/** Every failure kind of the period with its count, most first. */
export function errorKinds(minutes: readonly EngineHealthMinute[]): Array<[kind: string, count: number]> {
  const totals = new Map<string, number>();
  for (const minute of minutes) for (const [kind, n] of Object.entries(minute.errors)) totals.set(kind, (totals.get(kind) ?? 0) + n);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** A span of minutes as one table row: counts summed, race percentiles at their worst, states as last sampled. */
export interface TableRow {
  from: number;
  to: number;
  offersSeen: number;
  accepted: number;
  throttled: number;
  puzzles: number;
  errors: number;
  raceP99Ms: number | null;
  searching: number | null;
}

const maxOrNull = (values: Array<number | null | undefined>): number | null => {
  const present = values.filter((v): v is number => typeof v === 'number');
  return present.length ? Math.max(...present) : null;
};

export function tableRows(minutes: readonly EngineHealthMinute[], rows = TABLE_ROWS): TableRow[] {
  const span = Math.max(1, Math.ceil(minutes.length / rows));
  const grouped: TableRow[] = [];
  for (let i = 0; i < minutes.length; i += span) {
    const group = minutes.slice(i, i + span);
    const sum = (figure: CountFigure) => group.reduce((total, m) => total + m[figure], 0);
    const sampled = group.filter((m) => m.searching !== undefined);
    grouped.push({
      from: group[0]!.at,
      to: group.at(-1)!.at + 60_000,
      offersSeen: sum('offersSeen'),
      accepted: sum('accepted'),
      throttled: sum('throttled'),
      puzzles: sum('puzzles'),
      errors: group.reduce((total, m) => total + errorsOf(m), 0),
      raceP99Ms: maxOrNull(group.map((m) => m.raceP99Ms)),
      searching: sampled.at(-1)?.searching ?? null,
    });
  }
  return grouped;
}

/** The key of a figure's unit, a plural message of its count ("offers", in Spanish "1 oferta", "2 ofertas"). */
export type UnitKey = Extract<AdminMessageKey, `engine.unit.${string}`>;

/** A line in words, for the chart's label: its total or latest value and its peak, in the page's language. */
export function describeLine(t: AdminT, line: Line, { unit, summed }: { unit: UnitKey; summed: boolean }): string {
  const present = line.filter((v): v is number => v !== null);
  if (present.length === 0) return t('engine.line.none', { unit: t(unit, { count: 0 }) });
  const peak = Math.max(...present);
  const round = (n: number) => formatNumber(n, Number.isInteger(n) ? 0 : 2);
  const value = summed ? present.reduce((a, b) => a + b, 0) : present.at(-1)!;
  const values = { unit: t(unit, { count: value }), peak: round(peak) };
  return summed ? t('engine.line.summed', { ...values, total: round(value) }) : t('engine.line.latest', { ...values, latest: round(value) });
}
