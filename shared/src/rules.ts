/**
 * The small rules the server and the front end apply alike over the constants (constants.ts holds
 * the values only): a filter's time window, the language a browser asks for, a role's console
 * access and home page.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, TIME_SLIDER, type Language, type Role } from './constants.js';
import { PAGES } from './pages.js';

/**
 * What a filter's start-time window `[from, to]` (minutes from local midnight) takes. Blocks are
 * matched by their start alone, and both ends of the window count:
 * - 'allDay': `[0, 1440]`, every start;
 * - 'sameDay': from < to, starts in [from, to];
 * - 'overnight': from > to, the window runs across midnight: starts in [from, 1440) or [0, to];
 * - 'empty': from == to, nothing (saving one is refused; the matcher takes nothing for it).
 * The server's validation, the matcher and the filter screen all read windows through this.
 */
export type TimeWindowKind = 'allDay' | 'sameDay' | 'overnight' | 'empty';

export function timeWindowKind(time: readonly [number, number]): TimeWindowKind {
  const [from, to] = time;
  if (from === TIME_SLIDER.min && to === TIME_SLIDER.max) return 'allDay';
  if (from === to) return 'empty';
  return from > to ? 'overnight' : 'sameDay';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's preferred languages the app speaks ('es-MX' is Spanish), else English. */
export function languageOfBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** Whether the role may open the operator console at all. */
export function isOperator(role: Role | undefined): boolean {
  return role === 'support' || role === 'admin';
}

/** A signed-in person's home: an operator works in the console, a driver on the dashboard (docs/OPERATIONS.md "Roles"). */
export function homePathOf(role: Role | undefined): string {
  return isOperator(role) ? PAGES.admin.path : PAGES.dashboard.path;
}
