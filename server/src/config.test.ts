import { describe, it } from 'node:test';
import { expect } from 'expect';
import { withEmbeddedSimulator } from './adapters/platform/config.js';
import { loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('logs JSON lines unless LOG_FORMAT asks for the readable format, and refuses any other', () => {
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT must be json or pretty, got "text"/);
  });

  it('defaults to the embedded adapters and the OWASP password cost', () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ smtpUrl: null, from: 'BlockPilot <no-reply@blockpilot.local>', supportAddress: 'support@blockpilot.app' });
    expect(config.stripe).toBeNull();
    expect(config.auth).toEqual({
      scryptLog2Cost: 17,
      sessionTtlMs: 30 * 86_400_000,
      resetLinkTtlMs: 60 * 60_000,
      verifyLinkTtlMs: 72 * 3_600_000,
      registrationsPerAddressPerHour: 10,
      verificationsPerAddressPer15Minutes: 30,
      adminEmails: [],
      adminDailyAdjustmentLimitCents: 50_000,
    });
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

  it('reads ADMIN_EMAILS as a lower-cased list, blanks ignored', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ops@Example.com, ,second@example.com ' }).auth.adminEmails).toEqual(['ops@example.com', 'second@example.com']);
  });

  it("reads RELEASE_TEAM_EMAILS as each remote's team addresses, by name or folder, and refuses an unknown remote or a missing address", () => {
    expect(loadConfig({}).releases.teamEmails).toEqual({});
    expect(loadConfig({ RELEASE_TEAM_EMAILS: 'mf_dashboard=Dash@Example.com, mf-dashboard=lead@example.com,mf_admin=ops@example.com' }).releases.teamEmails).toEqual({
      mf_dashboard: ['dash@example.com', 'lead@example.com'],
      mf_admin: ['ops@example.com'],
    });
    expect(() => loadConfig({ RELEASE_TEAM_EMAILS: 'mf_billing=team@example.com' })).toThrow(/RELEASE_TEAM_EMAILS names no remote in "mf_billing=team@example.com"/);
    expect(() => loadConfig({ RELEASE_TEAM_EMAILS: 'mf_admin' })).toThrow(/RELEASE_TEAM_EMAILS has no e-mail address in "mf_admin"/);
    expect(() => loadConfig({ RELEASE_TEAM_EMAILS: 'mf_admin=not an address' })).toThrow(/no e-mail address/);
  });

  it('keeps release files on disk unless RELEASES_BUCKET is set, and reads the bucket from the variables S3 clients take', () => {
    expect(loadConfig({}).releases.bucket).toBeNull();
    expect(loadConfig({ RELEASES_BUCKET: 'bp-releases', AWS_REGION: 'eu-west-1' }).releases.bucket).toEqual({
      bucket: 'bp-releases',
      prefix: 'releases/',
      endpoint: null,
      region: 'eu-west-1',
      pathStyle: false,
      credentials: null,
    });
    expect(
      loadConfig({
        RELEASES_BUCKET: 'bp-releases',
        RELEASES_BUCKET_PREFIX: '',
        AWS_ENDPOINT_URL: 'https://s3.example.com',
        AWS_ENDPOINT_URL_S3: 'https://r2.example.com',
        AWS_ACCESS_KEY_ID: 'key',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).releases.bucket,
    ).toEqual({
      bucket: 'bp-releases',
      prefix: '',
      endpoint: 'https://r2.example.com',
      region: 'us-east-1',
      pathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ RELEASES_BUCKET: 'bp-releases', AWS_ENDPOINT_URL: 'https://s3.example.com', RELEASES_BUCKET_PATH_STYLE: 'off' }).releases.bucket?.pathStyle).toBe(false);
    expect(() => loadConfig({ RELEASES_BUCKET: 'BP_Releases' })).toThrow(/RELEASES_BUCKET must be an S3 bucket name/);
    expect(() => loadConfig({ RELEASES_BUCKET: 'bp-releases', AWS_ENDPOINT_URL_S3: 'r2.example.com' })).toThrow(/must be an http\(s\) URL/);
    expect(() => loadConfig({ RELEASES_BUCKET: 'bp-releases', AWS_ACCESS_KEY_ID: 'key' })).toThrow(/go together/);
    expect(() => loadConfig({ RELEASES_BUCKET: 'bp-releases', RELEASES_BUCKET_PATH_STYLE: 'yes' })).toThrow(/RELEASES_BUCKET_PATH_STYLE must be on or off/);
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
      expect(embedded.regions[region]).toEqual({
        signIn: 'http://127.0.0.1:4010',
        tokens: 'http://127.0.0.1:4010',
        work: 'http://127.0.0.1:4010',
        assocHandle: platform.regions[region].assocHandle,
      });
    }
    expect(embedded.embeddedSimulatorUrl).toBe('http://127.0.0.1:4010');
  });
  it('is the embedded single process without REDIS_URL, and reads the scale-out settings with it', () => {
    const embedded = loadConfig({}).scaling;
    expect(embedded).toMatchObject({ role: 'all', redisUrl: null, redisPrefix: 'blockpilot', workerCapacity: 3_000, simClientHeader: '', offerLogRetentionDays: 30 });
    expect(embedded.timings).toEqual({ lockDurationMs: 4_000, stalledIntervalMs: 1_000, leaseMs: 4_000, leaseRenewMs: 1_000 });
    const worker = loadConfig({
      PLATFORM_SIM: 'off',
      SERVER_ROLE: 'worker',
      REDIS_URL: 'redis://:secret@redis.internal:6380/2',
      REDIS_PREFIX: 'bp-eu',
      WORKER_ID: 'search-7',
      SEARCH_WORKER_CAPACITY: '2500',
      SEARCH_LOCK_MS: '6000',
      SEARCH_STALLED_CHECK_MS: '2000',
      OFFER_LOG_RETENTION_DAYS: '0',
    }).scaling;
    expect(worker).toEqual({
      role: 'worker',
      redisUrl: 'redis://:secret@redis.internal:6380/2',
      redisPrefix: 'bp-eu',
      workerId: 'search-7',
      workerCapacity: 2500,
      simClientHeader: '',
      offerLogRetentionDays: 0,
      timings: { lockDurationMs: 6000, stalledIntervalMs: 2000, leaseMs: 6000, leaseRenewMs: 1500 },
    });
  });

  it('refuses scale-out settings that cannot work', () => {
    expect(() => loadConfig({ PLATFORM_SIM: 'off', SERVER_ROLE: 'api' })).toThrow(/SERVER_ROLE=api needs REDIS_URL/);
    expect(() => loadConfig({ SERVER_ROLE: 'both' })).toThrow(/SERVER_ROLE must be one of api, worker, all/);
    expect(() => loadConfig({ REDIS_URL: 'http://redis:6379' })).toThrow(/REDIS_URL must be a redis/);
    // Each process would start a simulator of its own.
    expect(() => loadConfig({ SERVER_ROLE: 'worker', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/PLATFORM_SIM=off/);
    expect(() => loadConfig({ SEARCH_LOCK_MS: '2000', SEARCH_STALLED_CHECK_MS: '2000' })).toThrow(/SEARCH_STALLED_CHECK_MS/);
    expect(() => loadConfig({ SEARCH_LOCK_MS: '500' })).toThrow(/SEARCH_LOCK_MS/);
    expect(() => loadConfig({ SEARCH_WORKER_CAPACITY: '0' })).toThrow(/SEARCH_WORKER_CAPACITY/);
    expect(() => loadConfig({ OFFER_LOG_RETENTION_DAYS: '-1' })).toThrow(/OFFER_LOG_RETENTION_DAYS/);
  });
});
