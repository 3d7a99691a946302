/**
 * Configuration from environment variables, each with a safe embedded default so that
 * `npm start` on a fresh machine needs nothing else. The README lists every variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SUPPORT_EMAIL, RELEASE_CHANNEL_NAME, REMOTES } from '@blockpilot/shared/constants';
import { chatConfig, type ChatConfig } from './adapters/chat/config.js';
import { platformConfig, type PlatformConfig } from './adapters/platform/config.js';
import { pushConfig, type PushConfig } from './adapters/push/config.js';
import { bucketConfig, type BucketConfig } from './adapters/releaseStore/config.js';
import { scalingConfig, type ScalingConfig } from './scaling/config.js';
import type { MailConfig } from './adapters/mail/types.js';
import type { StripeConfig } from './adapters/payments/types.js';
import type { DatabaseConfig } from './db/types.js';

/** How the server writes its log: pino's JSON lines, or one short readable line each (README "Configuration"). */
export type LogFormat = 'json' | 'pretty';

/** One remote of the front end as the server hosts and advertises it. */
export interface HostedRemote {
  /** Federation name, e.g. `mf_auth`. */
  name: string;
  /** Its built files, served under {@link urlPath} when present. */
  dir: string;
  /** The manifest URL advertised in /remotes.json: same-origin by default, or where it is deployed. */
  entry: string;
  /** URL path the built files are served under, e.g. `/remotes/mf-auth/`. */
  urlPath: string;
}

/** Everything the server reads from the environment (see README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  /** The address drivers open; used in e-mailed links. */
  publicUrl: string;
  logLevel: string;
  /** LOG_FORMAT: pino's JSON lines (the default), or one short readable line each (`npm start`). */
  logFormat: LogFormat;
  /** NODE_ENV=production: every embedded stand-in and generated secret refused at start. */
  production: boolean;
  /** DEV_MODE=on: the dev tools (outbox, dev checkout, recorded messages, simulator page) exist. */
  devMode: boolean;
  /** TRUST_PROXY: addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed. */
  trustProxy: string[];
  /** METRICS_TOKEN: the bearer token of /metrics; null leaves /metrics to dev mode on this machine only. */
  metricsToken: string | null;
  /** LINK_SIGNING_KEY (base64 of 32 bytes); empty uses the key file generated in {@link dataDir}. */
  linkSigningKey: string;
  database: DatabaseConfig;
  /** Folder for embedded data (PGlite, generated keys). */
  dataDir: string;
  frontend: {
    shellDir: string;
    remotes: HostedRemote[];
    /** Origins allowed to serve a staging preview of a remote. */
    previewOrigins: string[];
  };
  /** The platform simulator started with the product (embedded default). */
  platformSim: { enabled: boolean; port: number; seed: number };
  /** The delivery platform's hosts per region, call deadline and token key. */
  platform: PlatformConfig;
  /** Telegram and WhatsApp (null each: recorded locally). */
  chat: ChatConfig;
  /** Web Push: the VAPID keys (or the generated key file) and the push services allowed. */
  push: PushConfig;
  auth: AuthConfig;
  mail: MailConfig;
  /** Stripe Checkout when configured; null means the embedded dev checkout page. */
  stripe: StripeConfig | null;
  /** Server role and Redis (REDIS_URL unset: the embedded single process). */
  scaling: ScalingConfig;
  /** The release registry (docs/RELEASES.md). */
  releases: ReleasesConfig;
}

/** The release registry: where files are kept, the all-remote token, the served channel, canaries. */
export interface ReleasesConfig {
  /** Folder of uploaded release files (when no bucket is set). */
  dir: string;
  /** RELEASES_BUCKET and its S3 settings: the files are kept there instead; null: on disk. */
  bucket: BucketConfig | null;
  /** RELEASE_TOKEN: the one deploy token for every remote, which also manages the others; null: none. */
  token: string | null;
  /** The channel this deployment serves to drivers (RELEASE_CHANNEL). */
  channel: string;
  /** A canary is rolled back on its own once this many distinct users voted, more than this share of them failing (docs/RELEASES.md "Canary"). */
  canary: { minReports: number; maxFailureRate: number };
  /** Lifetime of a signed preview link. */
  previewLinkTtlMs: number;
  /** RELEASE_HOSTED_ORIGINS: origins a release may be hosted at (registered by URL); the Content Security Policy allows them. */
  hostedOrigins: string[];
  /** RELEASE_TEAM_EMAILS: each remote's team addresses, told when its canary is rolled back; by remote name. */
  teamEmails: Record<string, string[]>;
  /** RELEASE_BUDGET_GROWTH_BYTES: how much more a release's gzipped first load may be than the release it replaces on a channel (docs/RELEASES.md "Compatibility gate"). */
  budgetGrowthBytes: number;
}

/** Password hashing cost and token lifetimes. */
export interface AuthConfig {
  /** log2 of scrypt's N. 17 is OWASP's recommendation; lower only in tests. */
  scryptLog2Cost: number;
  sessionTtlMs: number;
  resetLinkTtlMs: number;
  /** Lifetime of an e-mailed address-verification link. */
  verifyLinkTtlMs: number;
  /** Sign-ups one client address may make per hour (REGISTRATIONS_PER_ADDRESS_PER_HOUR; docs/SECURITY.md "Limits"). */
  registrationsPerAddressPerHour: number;
  /** Verification links one client address may open per 15 minutes (VERIFICATIONS_PER_ADDRESS_PER_15_MINUTES). */
  verificationsPerAddressPer15Minutes: number;
  /** ADMIN_EMAILS, lower-cased: these accounts are admins once their address is verified, while listed (docs/OPERATIONS.md "Roles"). */
  adminEmails: string[];
  /** ADMIN_DAILY_ADJUSTMENT_LIMIT_CENTS: credit one admin adjusts alone in 24 hours, either way; past it a second admin approves. */
  adminDailyAdjustmentLimitCents: number;
}

/** The workspace root, found from this file whether it runs from src (tsx, jest) or dist. */
const WORKSPACE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** What one admin may adjust alone in 24 hours, either way, before a second admin must approve (docs/OPERATIONS.md "Credit adjustments"): $500. */
const DEFAULT_DAILY_ADJUSTMENT_LIMIT_CENTS = 50_000;

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

function stripeConfig(env: NodeJS.ProcessEnv): ServerConfig['stripe'] {
  const secretKey = env.STRIPE_SECRET_KEY ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? '';
  if (!secretKey) return null;
  // Without the signing secret no payment could ever be confirmed: refuse to start half-configured.
  if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  return { secretKey, webhookSecret };
}

function scryptLog2Cost(value: string | undefined): number {
  const cost = int('SCRYPT_LOG2_COST', value, 17);
  if (cost < 10 || cost > 20) throw new Error(`SCRYPT_LOG2_COST must be between 10 and 20, got ${cost}`);
  return cost;
}

/**
 * RELEASE_TEAM_EMAILS: each remote's team, told by e-mail when its canary is rolled back
 * (docs/RELEASES.md "Canary"): comma-separated `<remote>=<address>` pairs, a remote named as in
 * shared's REMOTES (`mf_dashboard`) or by its folder (`mf-dashboard`), as often as it has addresses.
 */
export function releaseTeamsConfig(value: string | undefined): Record<string, string[]> {
  const teams: Record<string, string[]> = {};
  for (const pair of list(value)) {
    const [remoteName = '', address = ''] = pair.split('=').map((part) => part.trim());
    const remote = REMOTES.find((r) => r.name === remoteName || r.folder === remoteName);
    if (!remote) throw new Error(`RELEASE_TEAM_EMAILS names no remote in "${pair}": use one of ${REMOTES.map((r) => r.name).join(', ')}`);
    if (!/^[^\s@=,]+@[^\s@=,]+\.[^\s@=,]+$/.test(address)) throw new Error(`RELEASE_TEAM_EMAILS has no e-mail address in "${pair}" (remote=address)`);
    (teams[remote.name] ??= []).push(address.toLowerCase());
  }
  return teams;
}

function releasesConfig(env: NodeJS.ProcessEnv, dataDir: string): ServerConfig['releases'] {
  const token = env.RELEASE_TOKEN ?? '';
  // A guessable deploy token would let anyone put code in every driver's page.
  if (token && token.length < 24) throw new Error('RELEASE_TOKEN must be at least 24 characters (e.g. `openssl rand -base64 32`)');
  const channel = env.RELEASE_CHANNEL ?? 'production';
  if (!RELEASE_CHANNEL_NAME.test(channel)) throw new Error(`RELEASE_CHANNEL must be lower-case letters, digits and dashes, got "${channel}"`);
  const maxFailurePercent = int('RELEASE_CANARY_MAX_FAILURE_PERCENT', env.RELEASE_CANARY_MAX_FAILURE_PERCENT, 10);
  if (maxFailurePercent > 100) throw new Error('RELEASE_CANARY_MAX_FAILURE_PERCENT must be at most 100');
  return {
    dir: path.join(dataDir, 'releases'),
    bucket: bucketConfig(env),
    token: token || null,
    channel,
    canary: { minReports: Math.max(1, int('RELEASE_CANARY_MIN_REPORTS', env.RELEASE_CANARY_MIN_REPORTS, 20)), maxFailureRate: maxFailurePercent / 100 },
    previewLinkTtlMs: int('RELEASE_PREVIEW_LINK_HOURS', env.RELEASE_PREVIEW_LINK_HOURS, 24) * 3_600_000,
    hostedOrigins: list(env.RELEASE_HOSTED_ORIGINS),
    teamEmails: releaseTeamsConfig(env.RELEASE_TEAM_EMAILS),
    budgetGrowthBytes: int('RELEASE_BUDGET_GROWTH_BYTES', env.RELEASE_BUDGET_GROWTH_BYTES, 10 * 1024),
  };
}

/** On or off: `on`/`off` (also `true`/`false`, `1`/`0`); unset is `fallback`. */
function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['on', 'true', '1'].includes(value)) return true;
  if (['off', 'false', '0'].includes(value)) return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

function logFormat(value: string | undefined): LogFormat {
  if (value === undefined || value === '' || value === 'json') return 'json';
  if (value === 'pretty') return 'pretty';
  throw new Error(`LOG_FORMAT must be json or pretty, got "${value}"`);
}

/**
 * TRUST_PROXY: the addresses (or CIDR ranges) of the reverse proxies in front of this server.
 * Only a request whose socket comes from one of them has its client address read from
 * X-Forwarded-For; anything wider than a list of addresses (`true`, `*`) would let any client
 * choose its own address and escape every per-address limit (docs/SECURITY.md).
 */
function trustedProxies(value: string | undefined): string[] {
  const proxies = list(value);
  for (const proxy of proxies) {
    const [address, bits, ...rest] = proxy.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !validBits || rest.length > 0) throw new Error(`TRUST_PROXY must list the proxies' addresses or CIDR ranges (127.0.0.1,10.0.0.0/8), got "${proxy}"`);
  }
  return proxies;
}

/**
 * What production mode (NODE_ENV=production) refuses to start with: every embedded stand-in and
 * every secret that would otherwise be generated or absent (docs/SECURITY.md "Modes").
 */
function productionProblems(env: NodeJS.ProcessEnv, config: ServerConfig): string[] {
  const problems: string[] = [];
  if (config.platformSim.enabled) problems.push('PLATFORM_SIM=off (the embedded platform simulator is for development)');
  if (!config.stripe) problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (without them purchases go to the dev checkout)');
  if (!config.mail.smtpUrl) problems.push('SMTP_URL (without it e-mail stays in the outbox)');
  if (!env.PLATFORM_TOKEN_KEY) problems.push('PLATFORM_TOKEN_KEY (the key of the platform tokens at rest)');
  if (!env.LINK_SIGNING_KEY) problems.push('LINK_SIGNING_KEY (the key that signs e-mailed verification links)');
  if (!config.push.privateKey) problems.push('VAPID_PRIVATE_KEY (the key that signs Web Push; every process must share it)');
  if (!config.metricsToken) problems.push('METRICS_TOKEN (the bearer token /metrics asks for)');
  if (config.devMode) problems.push('DEV_MODE=off (the dev tools are for development)');
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const config = loadSettings(env);
  if (!config.production) return config;
  const problems = productionProblems(env, config);
  if (problems.length > 0) throw new Error(`NODE_ENV=production needs these settings:\n  - ${problems.join('\n  - ')}`);
  return config;
}

function loadSettings(env: NodeJS.ProcessEnv): ServerConfig {
  const port = int('PORT', env.PORT, 3000);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(WORKSPACE_ROOT, '.data'));
  const frontendRoot = path.resolve(env.FRONTEND_DIR ?? WORKSPACE_ROOT);
  const platformSimEnabled = (env.PLATFORM_SIM ?? 'embedded') === 'embedded';
  const scaling = scalingConfig(env);
  // An embedded simulator lives in one process: API and worker processes would each talk to their own.
  if (platformSimEnabled && scaling.role !== 'all')
    throw new Error(`SERVER_ROLE=${scaling.role} needs PLATFORM_SIM=off (and the PLATFORM_* hosts of a platform every process reaches)`);
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormat(env.LOG_FORMAT),
    production: env.NODE_ENV === 'production',
    devMode: onOff('DEV_MODE', env.DEV_MODE, false),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || null,
    linkSigningKey: env.LINK_SIGNING_KEY ?? '',
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dataDir,
    frontend: {
      shellDir: path.join(frontendRoot, 'shell', 'dist'),
      remotes: REMOTES.map((remote) => ({
        name: remote.name,
        dir: path.join(frontendRoot, remote.folder, 'dist'),
        // Each remote deploys on its own: REMOTE_MF_AUTH_URL=https://cdn.example.com/mf-auth/mf-manifest.json
        entry: env[`REMOTE_${remote.name.toUpperCase()}_URL`] ?? `/remotes/${remote.folder}/mf-manifest.json`,
        urlPath: `/remotes/${remote.folder}/`,
      })),
      previewOrigins: list(env.REMOTE_PREVIEW_ORIGINS),
    },
    platformSim: {
      enabled: platformSimEnabled,
      port: int('PLATFORM_SIM_PORT', env.PLATFORM_SIM_PORT, 0),
      seed: int('PLATFORM_SIM_SEED', env.PLATFORM_SIM_SEED, 1),
    },
    platform: platformConfig(env),
    chat: chatConfig(env),
    push: pushConfig(env, env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL),
    auth: {
      scryptLog2Cost: scryptLog2Cost(env.SCRYPT_LOG2_COST),
      sessionTtlMs: int('SESSION_TTL_DAYS', env.SESSION_TTL_DAYS, 30) * 86_400_000,
      resetLinkTtlMs: int('RESET_LINK_TTL_MINUTES', env.RESET_LINK_TTL_MINUTES, 60) * 60_000,
      verifyLinkTtlMs: int('VERIFY_LINK_TTL_HOURS', env.VERIFY_LINK_TTL_HOURS, 72) * 3_600_000,
      registrationsPerAddressPerHour: int('REGISTRATIONS_PER_ADDRESS_PER_HOUR', env.REGISTRATIONS_PER_ADDRESS_PER_HOUR, 10),
      verificationsPerAddressPer15Minutes: int('VERIFICATIONS_PER_ADDRESS_PER_15_MINUTES', env.VERIFICATIONS_PER_ADDRESS_PER_15_MINUTES, 30),
      adminEmails: list(env.ADMIN_EMAILS).map((email) => email.toLowerCase()),
      adminDailyAdjustmentLimitCents: int('ADMIN_DAILY_ADJUSTMENT_LIMIT_CENTS', env.ADMIN_DAILY_ADJUSTMENT_LIMIT_CENTS, DEFAULT_DAILY_ADJUSTMENT_LIMIT_CENTS),
    },
    mail: {
      smtpUrl: env.SMTP_URL || null,
      from: env.MAIL_FROM ?? 'BlockPilot <no-reply@blockpilot.local>',
      supportAddress: env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    },
    stripe: stripeConfig(env),
    scaling,
    releases: releasesConfig(env, dataDir),
  };
}
