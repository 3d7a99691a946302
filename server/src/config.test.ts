import { describe, it } from 'node:test';
import { expect } from 'expect';
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
});
