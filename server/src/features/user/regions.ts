/** What a driver's country decides: the locale of the UI, the currency credit is kept in and its symbol. */
import type { CountryCode } from '@blockpilot/shared/constants';

/** A country's locale and currency. */
export interface Region {
  locale: string;
  /** ISO 4217, lower case as Stripe takes it. */
  currency: string;
  currencySymbol: string;
}

export const REGIONS: Record<CountryCode, Region> = {
  US: { locale: 'en-US', currency: 'usd', currencySymbol: '$' },
  CA: { locale: 'en-CA', currency: 'cad', currencySymbol: '$' },
  UK: { locale: 'en-GB', currency: 'gbp', currencySymbol: '£' },
  AU: { locale: 'en-AU', currency: 'aud', currencySymbol: '$' },
};
