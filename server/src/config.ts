/**
 * Configuration from environment variables, each with a safe embedded default so that
 * `npm start` on a fresh machine needs nothing else. The README lists every variable.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SUPPORT_EMAIL, REMOTES } from '@blockpilot/shared/constants';
import { chatConfig } from './adapters/chat/config.js';
import { platformConfig } from './adapters/platform/config.js';
import { scalingConfig } from './scaling/config.js';
import type { ServerConfig } from './types.js';

/** The workspace root, found from this file whether it runs from src (tsx, jest) or dist. */
const WORKSPACE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = int('PORT', env.PORT, 3000);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(WORKSPACE_ROOT, '.data'));
  const frontendRoot = path.resolve(env.FRONTEND_DIR ?? WORKSPACE_ROOT);
  const platformSimEnabled = (env.PLATFORM_SIM ?? 'embedded') === 'embedded';
  const scaling = scalingConfig(env);
  // An embedded simulator lives in one process: API and worker processes would each talk to their own.
  if (platformSimEnabled && scaling.role !== 'all') throw new Error(`SERVER_ROLE=${scaling.role} needs PLATFORM_SIM=off (and the PLATFORM_* hosts of a platform every process reaches)`);
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
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
    auth: {
      scryptLog2Cost: scryptLog2Cost(env.SCRYPT_LOG2_COST),
      sessionTtlMs: int('SESSION_TTL_DAYS', env.SESSION_TTL_DAYS, 30) * 86_400_000,
      resetLinkTtlMs: int('RESET_LINK_TTL_MINUTES', env.RESET_LINK_TTL_MINUTES, 60) * 60_000,
    },
    mail: {
      smtpUrl: env.SMTP_URL || null,
      from: env.MAIL_FROM ?? 'BlockPilot <no-reply@blockpilot.local>',
      supportAddress: env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    },
    stripe: stripeConfig(env),
    scaling,
  };
}
