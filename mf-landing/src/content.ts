/**
 * What the landing page says, in one place: its features and questions (their words are in the
 * catalogs, ./locales) and the figures they quote. Numbers come from the business constants
 * (docs/PRODUCT.md section 9), so the page cannot promise something the product does not do.
 */
import { FEE_BASIS_POINTS, FORFEIT_GRACE_MS, FORFEIT_MIN_LEAD_MS, INVITE_REWARD_CENTS, INVITE_REWARD_THRESHOLD_CENTS, SIGN_UP_BONUS_CENTS, TRIAL_DAYS } from '@blockpilot/shared';

/** Whole dollars, as the page quotes its offers ("$10 free credit"). */
const dollars = (cents: number) => `$${cents / 100}`;

/** The figures the landing page's messages quote, by placeholder name. */
export const FIGURES = {
  fee: `${FEE_BASIS_POINTS / 100}%`,
  bonus: dollars(SIGN_UP_BONUS_CENTS),
  trialDays: TRIAL_DAYS,
  leadMinutes: FORFEIT_MIN_LEAD_MS / 60_000,
  graceMinutes: FORFEIT_GRACE_MS / 60_000,
  threshold: dollars(INVITE_REWARD_THRESHOLD_CENTS),
  reward: dollars(INVITE_REWARD_CENTS),
};

export interface Feature {
  /** Its title and text: `features.<key>.title`, `features.<key>.text`. */
  key: 'filter' | 'watch' | 'search' | 'notify';
  /** SVG path of its 24 x 24 icon. */
  icon: string;
}

export const FEATURES: Feature[] = [
  { key: 'filter', icon: 'M3 5h18l-7 8v6l-4 2v-8z' },
  {
    key: 'watch',
    icon: 'M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z',
  },
  { key: 'search', icon: 'M12 4V1L8 5l4 4V6a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z' },
  {
    key: 'notify',
    icon: 'M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 0 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1z',
  },
];

/** The Q&A list, in order: `faq.<key>.question` and `faq.<key>.answer`. */
export const FAQ = ['how', 'cost', 'forfeit', 'phone', 'safety', 'invite', 'where'] as const;
