/**
 * Marketplaces: currency, price scale and real-looking delivery stations (code + city) per region.
 * Station codes follow the platform's pattern (D + three letters/digits) so names look like the
 * real pool list, e.g. "Seattle (DWA6) - Amazon.com".
 */
import type { RegionCode } from './types.js';

/** What the simulator needs to know about one marketplace. */
export interface RegionProfile {
  code: RegionCode;
  /** ISO 4217 currency of its offers. */
  currency: string;
  /** Hourly pay is "about 18 to 35" in dollars/pounds/euros; yen need a larger scale. */
  priceScale: number;
  /** Decimals of a price in this currency. */
  priceDecimals: number;
  /** Suffix of a service area's display name. */
  brand: string;
  /** Stations as [code, city]. */
  stations: ReadonlyArray<readonly [string, string]>;
}

const PROFILES: Record<RegionCode, RegionProfile> = {
  US: {
    code: 'US',
    currency: 'USD',
    priceScale: 1,
    priceDecimals: 2,
    brand: 'Amazon.com',
    stations: [
      ['DWA6', 'Seattle'],
      ['DSE2', 'Everett'],
      ['DAX3', 'Los Angeles'],
      ['DLA4', 'Irvine'],
      ['DCH1', 'Chicago'],
      ['DNY4', 'Bronx'],
      ['DFW6', 'Dallas'],
      ['DAU1', 'Austin'],
      ['DPX4', 'Phoenix'],
      ['DDV3', 'Denver'],
      ['DAT9', 'Atlanta'],
      ['DMI7', 'Miami'],
      ['DBO6', 'Boston'],
      ['DPH7', 'Philadelphia'],
      ['DSF6', 'San Francisco'],
      ['DSD2', 'San Diego'],
      ['DHO7', 'Houston'],
      ['DPD4', 'Portland'],
      ['DSL2', 'Salt Lake City'],
      ['DLV2', 'Las Vegas'],
    ],
  },
  CA: {
    code: 'CA',
    currency: 'CAD',
    priceScale: 1,
    priceDecimals: 2,
    brand: 'Amazon.ca',
    stations: [
      ['DYZ3', 'Toronto'],
      ['DYV1', 'Vancouver'],
      ['DYC2', 'Calgary'],
      ['DYM4', 'Montreal'],
      ['DYO1', 'Ottawa'],
    ],
  },
  UK: {
    code: 'UK',
    currency: 'GBP',
    priceScale: 1,
    priceDecimals: 2,
    brand: 'Amazon.co.uk',
    stations: [
      ['DLU2', 'Luton'],
      ['DBI2', 'Birmingham'],
      ['DMA4', 'Manchester'],
      ['DGL1', 'Glasgow'],
      ['DLS4', 'Leeds'],
      ['DBR1', 'Bristol'],
      ['DXE1', 'London Heathrow'],
      ['DCF1', 'Cardiff'],
    ],
  },
  DE: {
    code: 'DE',
    currency: 'EUR',
    priceScale: 1,
    priceDecimals: 2,
    brand: 'Amazon.de',
    stations: [
      ['DBE4', 'Berlin'],
      ['DMU1', 'München'],
      ['DHH2', 'Hamburg'],
      ['DKO1', 'Köln'],
      ['DFR2', 'Frankfurt'],
    ],
  },
  ES: {
    code: 'ES',
    currency: 'EUR',
    priceScale: 1,
    priceDecimals: 2,
    brand: 'Amazon.es',
    stations: [
      ['DQA2', 'Madrid'],
      ['DQB4', 'Barcelona'],
      ['DQV1', 'Valencia'],
      ['DQS3', 'Sevilla'],
    ],
  },
  JP: {
    code: 'JP',
    currency: 'JPY',
    priceScale: 110,
    priceDecimals: 0,
    brand: 'Amazon.co.jp',
    stations: [
      ['DTK4', 'Tokyo'],
      ['DOS2', 'Osaka'],
      ['DNG1', 'Nagoya'],
      ['DFK3', 'Fukuoka'],
    ],
  },
  AU: {
    code: 'AU',
    currency: 'AUD',
    priceScale: 1,
    priceDecimals: 2,
    brand: 'Amazon.com.au',
    stations: [
      ['DSY2', 'Sydney'],
      ['DME1', 'Melbourne'],
      ['DBN3', 'Brisbane'],
      ['DPE1', 'Perth'],
    ],
  },
};

export const REGION_CODES = Object.keys(PROFILES) as RegionCode[];

export function regionProfile(code: RegionCode): RegionProfile {
  return PROFILES[code];
}
