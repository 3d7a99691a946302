/**
 * Command-line flags -> options (kept apart from cli.ts so it can be tested without starting a
 * process). Every simulator option that is a plain value has a flag.
 */
import { parseArgs } from 'node:util';
import type { RegionCode, SimulatorOptions } from './types.js';
import { InputError } from './validate.js';

export const USAGE = `Usage: platform-sim --port N --seed S [options]

  --port N                  port to listen on (default 4010; 0 = any free port)
  --host H                  interface (default 127.0.0.1)
  --seed S                  seed of the world (default 1)
  --regions US,UK           marketplaces: US, CA, UK, DE, ES, JP, AU (default US)
  --currency CODE           currency of every offer (default: the region's)
  --areas N                 number of service areas (default 12)
  --offer-rate N            offers per area per minute (default 2)
  --offer-lifetime-ms N     how long an untaken offer stays listed (default 120000)
  --rival-mean-ms N|none    mean delay before a rival takes an offer (default 15000)
  --no-auto-offers          only injected offers
  --token-lifetime N        access-token lifetime in seconds (default 3600)
  --rate-window-ms N        rate-limit sliding window (default 10000)
  --rate-limit N            requests per account per window; 0 = off (default 20)
  --refresh-interval-ms N   refreshInterval told to pollers (default 1000)
  --otp EMAIL=CODE          account that needs a one-time code (repeatable)
  --record-size N           ring-buffer size of the record (default 10000)
  --no-control              do not serve the control API
  --log                     log requests
  --help                    this text`;

export interface CliConfig {
  port: number;
  host: string;
  help: boolean;
  options: SimulatorOptions;
}

function toNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new InputError(`--${flag} needs a number, got "${value}"`);
  return n;
}

export function parseCliArgs(argv: string[]): CliConfig {
  const { values } = parseArgs({
    // `pnpm start -- --port N` passes the separator through; it is not an argument.
    args: argv.filter((arg) => arg !== '--'),
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      regions: { type: 'string' },
      currency: { type: 'string' },
      areas: { type: 'string' },
      'offer-rate': { type: 'string' },
      'offer-lifetime-ms': { type: 'string' },
      'rival-mean-ms': { type: 'string' },
      'no-auto-offers': { type: 'boolean' },
      'token-lifetime': { type: 'string' },
      'rate-window-ms': { type: 'string' },
      'rate-limit': { type: 'string' },
      'refresh-interval-ms': { type: 'string' },
      otp: { type: 'string', multiple: true },
      'record-size': { type: 'string' },
      'no-control': { type: 'boolean' },
      log: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const otpAccounts: Record<string, string> = {};
  for (const pair of values.otp ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1) throw new InputError(`--otp needs EMAIL=CODE, got "${pair}"`);
    otpAccounts[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const seed = values.seed === undefined ? undefined : /^-?\d+$/.test(values.seed) ? Number(values.seed) : values.seed;
  const rival = values['rival-mean-ms'];
  const options: SimulatorOptions = {
    seed,
    regions: values.regions?.split(',').map((r) => r.trim().toUpperCase()) as RegionCode[] | undefined,
    currency: values.currency,
    serviceAreaCount: toNumber(values.areas, 'areas'),
    offerRatePerAreaPerMinute: toNumber(values['offer-rate'], 'offer-rate'),
    offerLifetimeMs: toNumber(values['offer-lifetime-ms'], 'offer-lifetime-ms'),
    rivalMeanDelayMs: rival === 'none' ? null : toNumber(rival, 'rival-mean-ms'),
    autoOffers: values['no-auto-offers'] ? false : undefined,
    accessTokenLifetimeSeconds: toNumber(values['token-lifetime'], 'token-lifetime'),
    rateLimitWindowMs: toNumber(values['rate-window-ms'], 'rate-window-ms'),
    rateLimitMax: toNumber(values['rate-limit'], 'rate-limit'),
    refreshIntervalMs: toNumber(values['refresh-interval-ms'], 'refresh-interval-ms'),
    otpAccounts: Object.keys(otpAccounts).length > 0 ? otpAccounts : undefined,
    recordSize: toNumber(values['record-size'], 'record-size'),
    controlApi: values['no-control'] ? false : undefined,
    logger: values.log ? true : undefined,
  };
  // Absent flags stay absent so the simulator's defaults apply.
  for (const key of Object.keys(options) as Array<keyof SimulatorOptions>) {
    if (options[key] === undefined) delete options[key];
  }
  return {
    port: toNumber(values.port, 'port') ?? 4010,
    host: values.host ?? '127.0.0.1',
    help: values.help ?? false,
    options,
  };
}
