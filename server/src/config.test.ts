import { describe, it } from 'node:test';
import { expect } from 'expect';
import { withEmbeddedSimulator } from './adapters/platform/config.js';
import { loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('defaults to the embedded adapters and the OWASP password cost', () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ smtpUrl: null, from: 'BlockPilot <no-reply@blockpilot.local>', supportAddress: 'support@blockpilot.local' });
    expect(config.stripe).toBeNull();
    expect(config.auth).toEqual({ scryptLog2Cost: 17, sessionTtlMs: 30 * 86_400_000, resetLinkTtlMs: 60 * 60_000 });
  });

  it('reads the real services and lifetimes', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'BP <bp@example.com>',
      SUPPORT_EMAIL: 'help@example.com',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SESSION_TTL_DAYS: '7',
      RESET_LINK_TTL_MINUTES: '15',
    });
    expect(config.mail).toEqual({ smtpUrl: 'smtps://u:p@mail.example.com:465', from: 'BP <bp@example.com>', supportAddress: 'help@example.com' });
    expect(config.stripe).toEqual({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
    expect(config.auth.sessionTtlMs).toBe(7 * 86_400_000);
    expect(config.auth.resetLinkTtlMs).toBe(15 * 60_000);
  });

  it('refuses a Stripe key without its webhook secret, and a password cost out of range', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ SCRYPT_LOG2_COST: '8' })).toThrow(/SCRYPT_LOG2_COST/);
    expect(() => loadConfig({ SESSION_TTL_DAYS: 'forever' })).toThrow(/SESSION_TTL_DAYS/);
  });

  it('reads the platform hosts per region, defaulting to the real ones, and the token key and deadline', () => {
    const config = loadConfig({});
    expect(config.platform.regions).toEqual({
      NA: { signIn: 'https://www.amazon.com', tokens: 'https://api.amazon.com', work: 'https://flex-capacity-na.amazon.com', assocHandle: 'amzn_device_na' },
      EU: { signIn: 'https://www.amazon.co.uk', tokens: 'https://api.amazon.co.uk', work: 'https://flex-capacity-eu.amazon.com', assocHandle: 'amzn_device_uk' },
      FE: { signIn: 'https://www.amazon.com.au', tokens: 'https://api.amazon.co.jp', work: 'https://flex-capacity-jp.amazon.com', assocHandle: 'amzn_device_au' },
    });
    expect(config.platform).toMatchObject({ timeoutMs: 10_000, connectionsPerOrigin: 256, tokenKey: '', embeddedSimulatorUrl: null });
    const custom = loadConfig({ PLATFORM_EU_WORK_URL: 'https://proxy.example.com/eu/', PLATFORM_TIMEOUT_MS: '2500', PLATFORM_CONNECTIONS: '1024', PLATFORM_TOKEN_KEY: 'k' });
    expect(custom.platform.regions.EU.work).toBe('https://proxy.example.com/eu');
    expect(custom.platform.regions.NA.work).toBe('https://flex-capacity-na.amazon.com');
    expect(custom.platform).toMatchObject({ timeoutMs: 2500, connectionsPerOrigin: 1024, tokenKey: 'k' });
    expect(() => loadConfig({ PLATFORM_NA_TOKEN_URL: 'ftp://x' })).toThrow(/PLATFORM_NA_TOKEN_URL/);
    expect(() => loadConfig({ PLATFORM_TIMEOUT_MS: '0' })).toThrow(/PLATFORM_TIMEOUT_MS/);
  });

  it('points every region at the embedded simulator', () => {
    const { platform } = loadConfig({});
    const embedded = withEmbeddedSimulator(platform, 'http://127.0.0.1:4010');
    for (const region of ['NA', 'EU', 'FE'] as const) {
      expect(embedded.regions[region]).toEqual({ signIn: 'http://127.0.0.1:4010', tokens: 'http://127.0.0.1:4010', work: 'http://127.0.0.1:4010', assocHandle: platform.regions[region].assocHandle });
    }
    expect(embedded.embeddedSimulatorUrl).toBe('http://127.0.0.1:4010');
  });
});
