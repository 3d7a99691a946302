/**
 * What a driver's country decides: the locale of the UI, the currency credit is kept in and its
 * symbol, and the platform region their account lives in (US/CA: NA, UK: EU, AU: FE).
 */
import type { CountryCode } from '@blockpilot/shared/constants';
import type { PlatformRegion } from '@blockpilot/shared/constants';

/** A country's locale and currency. */
export interface Region {
  locale: string;
  /** ISO 4217, lower case as Stripe takes it. */
  currency: string;
  currencySymbol: string;
  /** The platform region whose hosts serve drivers of this country. */
  platformRegion: PlatformRegion;
}

export const REGIONS: Record<CountryCode, Region> = {
  US: { locale: 'en-US', currency: 'usd', currencySymbol: '$', platformRegion: 'NA' },
  CA: { locale: 'en-CA', currency: 'cad', currencySymbol: '$', platformRegion: 'NA' },
  UK: { locale: 'en-GB', currency: 'gbp', currencySymbol: '£', platformRegion: 'EU' },
  AU: { locale: 'en-AU', currency: 'aud', currencySymbol: '$', platformRegion: 'FE' },
};
