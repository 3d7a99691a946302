import { describe, it } from 'node:test';
import { expect } from 'expect';
import { parseCliArgs } from '../cliArgs.js';

describe('parseCliArgs', () => {
  it('maps flags to options and leaves absent ones to the defaults', () => {
    const config = parseCliArgs([
      '--port',
      '4555',
      '--seed',
      '42',
      '--host',
      '0.0.0.0',
      '--regions',
      'us,uk',
      '--areas',
      '6',
      '--offer-rate',
      '3.5',
      '--rival-mean-ms',
      'none',
      '--no-auto-offers',
      '--rate-limit',
      '0',
      '--refresh-interval-ms',
      '1500',
      '--otp',
      'a@example.com=111111',
      '--otp',
      'b@example.com=222222',
    ]);
    expect(config).toEqual({
      port: 4555,
      host: '0.0.0.0',
      help: false,
      options: {
        seed: 42,
        regions: ['US', 'UK'],
        serviceAreaCount: 6,
        offerRatePerAreaPerMinute: 3.5,
        rivalMeanDelayMs: null,
        autoOffers: false,
        rateLimitMax: 0,
        refreshIntervalMs: 1500,
        otpAccounts: { 'a@example.com': '111111', 'b@example.com': '222222' },
      },
    });
    expect(parseCliArgs(['--seed', 'demo']).options).toEqual({ seed: 'demo' });
    expect(parseCliArgs([]).port).toBe(4010);
    expect(parseCliArgs(['--', '--port', '1']).port).toBe(1);
  });

  it('rejects bad values and unknown flags', () => {
    expect(() => parseCliArgs(['--port', 'x'])).toThrow(/--port/);
    expect(() => parseCliArgs(['--otp', 'nocode'])).toThrow(/--otp/);
    expect(() => parseCliArgs(['--what'])).toThrow();
  });
});
