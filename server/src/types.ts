/** Types of the server: its configuration and the services features are built from. */
import type { Kysely } from 'kysely';
import type { ChatConfig } from './adapters/chat/config.js';
import type { PlatformConfig } from './adapters/platform/config.js';
import type { PushConfig } from './adapters/push/config.js';
import type { BucketConfig } from './adapters/releaseStore/config.js';
import type { DatabaseSchema } from './db/schema.js';
import type { ScalingConfig } from './scaling/config.js';

/** How the server writes its log: pino's JSON lines, or one short readable line each (README "Configuration"). */
export type LogFormat = 'json' | 'pretty';

/** Where the database lives: an embedded PGlite folder, or a PostgreSQL server. */
export type DatabaseConfig =
  | {
      kind: 'pglite';
      dataDir: string;
      /** A copy of a data folder (PGlite's `dumpDataDir`) to start from instead of an empty one: skips initdb. */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string };

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
  /** ADMIN_EMAILS, lower-cased: these accounts are admins once their address is verified, while listed (docs/OPERATIONS.md "Roles"). */
  adminEmails: string[];
  /** ADMIN_DAILY_ADJUSTMENT_LIMIT_CENTS: credit one admin adjusts alone in 24 hours, either way; past it a second admin approves. */
  adminDailyAdjustmentLimitCents: number;
}

/** How e-mail leaves the server. */
export interface MailConfig {
  /** SMTP server (nodemailer URL); null keeps mail in the embedded outbox. */
  smtpUrl: string | null;
  /** The From header of every e-mail. */
  from: string;
  /** Where contact-form questions are sent. */
  supportAddress: string;
}

/** Credentials of the Stripe account that takes payments. */
export interface StripeConfig {
  secretKey: string;
  /** Signing secret of the webhook endpoint (whsec_...). */
  webhookSecret: string;
}

/** An open database: the typed query builder and how to close it. */
export interface Database {
  db: Kysely<DatabaseSchema>;
  kind: DatabaseConfig['kind'];
  close(): Promise<void>;
}
