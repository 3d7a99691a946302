/**
 * A stepped canary in the release CLI (docs/RELEASES.md "Canary", "CLI"):
 * `promote <remote> <version> --steps 5,25,50,100 --hold 10m --min-loads 20` and the line `status`
 * prints for it. The server checks the schedule itself (per field); this only reads the words.
 */

/** The options a stepped canary is asked for with. */
export interface ScheduleOptions {
  steps?: string | undefined;
  hold?: string | undefined;
  'min-loads'?: string | undefined;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90`, `90s`, `10m`, `2h`, `1d` in seconds. */
export function durationSeconds(option: string, text: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (!match) throw new Error(`--${option} takes a duration such as 90s, 10m, 2h or 1d`);
  return Number(match[1]) * UNIT_SECONDS[match[2] || 's']!;
}

function wholeNumbers(option: string, text: string): number[] {
  const numbers = text.split(',').map((part) => Number(part.trim()));
  if (!numbers.length || numbers.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`--${option} takes whole numbers separated by commas, e.g. 5,25,50,100`);
  return numbers;
}

/** The promote body's schedule fields for these options (none without any). */
export function scheduleBody(options: ScheduleOptions): { steps?: number[]; holdSeconds?: number; minHealthyLoads?: number } {
  return {
    ...(options.steps ? { steps: wholeNumbers('steps', options.steps) } : {}),
    ...(options.hold ? { holdSeconds: durationSeconds('hold', options.hold) } : {}),
    ...(options['min-loads'] ? { minHealthyLoads: wholeNumbers('min-loads', options['min-loads'])[0]! } : {}),
  };
}

/** A canary's schedule as `status` shows it (channelSchema's `canary.schedule`). */
export interface ScheduleStatus {
  steps: number[];
  stepIndex: number;
  nextStepAt: string;
  minHealthyLoads: number;
  healthyLoads: number;
}

/** e.g. `step 2 of 4 (5 → 25 → 50 → 100): the next from 2030-01-01T10:00:00.000Z, with 12 of 20 healthy loads at this step`. */
export function scheduleLine({ steps, stepIndex, nextStepAt, minHealthyLoads, healthyLoads }: ScheduleStatus): string {
  return `step ${stepIndex + 1} of ${steps.length} (${steps.join(' → ')}): the next from ${nextStepAt}, with ${healthyLoads} of ${minHealthyLoads} healthy loads at this step`;
}
