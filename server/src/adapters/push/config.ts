/**
 * Web Push settings from the environment (docs/OPERATIONS.md "Push notifications"): the VAPID key
 * pair that signs every push, its contact subject, and the push services the server may post to.
 */
import { createECDH } from 'node:crypto';
import { loadTokenKey } from '../../security/tokenKey.js';

/** Push services browsers subscribe at: an entry with a leading dot also matches its subdomains. */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com'];

/** The push settings of the server configuration. */
export interface PushConfig {
  /** VAPID_PRIVATE_KEY (base64url of 32 bytes); empty: the key file generated in the data folder. */
  privateKey: string;
  /** VAPID_PUBLIC_KEY, checked against the private key when set; empty: derived from it. */
  publicKey: string;
  /** VAPID_SUBJECT: how a push service reaches the operator (mailto: or https:). */
  subject: string;
  /** WEB_PUSH_ENDPOINT_HOSTS: hosts a subscription's endpoint may name (the server posts there). */
  endpointHosts: string[];
}

/** A VAPID key pair, both base64url as web-push and PushManager take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Name of the generated VAPID private key file inside the data folder. */
export const VAPID_KEY_FILE_NAME = 'web-push-vapid.key';

const trimmed = (value: string | undefined) => value?.trim() ?? '';

/** The push settings from the environment; throws for a subject a push service would refuse. */
export function pushConfig(env: NodeJS.ProcessEnv, supportAddress: string): PushConfig {
  const subject = trimmed(env.VAPID_SUBJECT) || `mailto:${supportAddress}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${subject}"`);
  const hosts = trimmed(env.WEB_PUSH_ENDPOINT_HOSTS);
  return {
    privateKey: trimmed(env.VAPID_PRIVATE_KEY),
    publicKey: trimmed(env.VAPID_PUBLIC_KEY),
    subject,
    endpointHosts: hosts
      ? hosts
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean)
      : DEFAULT_PUSH_SERVICE_HOSTS,
  };
}

/**
 * The key pair: VAPID_PRIVATE_KEY when set, else a key file generated once in the data folder,
 * like the platform-token key (security/tokenKey.ts). Any 32 random bytes below the P-256 group
 * order are a private key (all but about 2^-32 of them); the public key is derived from it.
 * Losing the file ends every saved subscription (browsers subscribed with the old public key).
 */
export function loadVapidKeys(config: PushConfig, dataDir: string): VapidKeys {
  const privateKey = loadTokenKey({ envValue: config.privateKey, dataDir, fileName: VAPID_KEY_FILE_NAME });
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  const publicKey = ecdh.getPublicKey().toString('base64url');
  if (config.publicKey && config.publicKey.replace(/=+$/, '') !== publicKey) throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  return { publicKey, privateKey: privateKey.toString('base64url'), subject: config.subject };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why the server will not post to an endpoint: not a URL, not a listed push service, not https, not its https port. */
export type EndpointProblem = 'notAUrl' | 'unsupportedService' | 'notHttps' | 'notPort443';

/**
 * Why the server will not post to this endpoint, or null when it will: an https URL on port 443
 * of a listed push service, with no credentials in it. A loopback address over plain http is
 * taken only when listed (a test's push service); anything else would let a driver make the
 * server post where it likes: another port of a push service's host is another service.
 */
export function endpointProblem(endpoint: string, hosts: readonly string[]): EndpointProblem | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'notAUrl';
  }
  if (url.username || url.password) return 'notAUrl';
  const host = url.hostname.toLowerCase();
  const listed = hosts.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) : host === entry));
  if (!listed) return 'unsupportedService';
  // URL drops the scheme's default port, so an explicit ':443' reads as ''.
  if (url.protocol === 'https:') return url.port === '' ? null : 'notPort443';
  return url.protocol === 'http:' && LOOPBACK.has(host) ? null : 'notHttps';
}
