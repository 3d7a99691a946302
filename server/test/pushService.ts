/**
 * A push service on this machine for tests (server tests and e2e): it records every message
 * posted to it, answers each path with the status a test chose (201 by default, 410 for a
 * subscription that is gone), and reads messages back the way a browser does: a subscription's
 * keys made here decrypt the payload (RFC 8291, aes128gcm) and the VAPID header's JWT is checked
 * against the server's public key (RFC 8292). Nothing here trusts the sender: a message that does
 * not decrypt or verify fails the test.
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: what it sends the server, and its private keys. */
export interface TestSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The browser's ECDH private key (raw, 32 bytes). */
  privateKey: Buffer;
}

export interface LocalPushService {
  /** The service's origin, http://127.0.0.1:<port>. */
  origin: string;
  received: ReceivedPush[];
  /** Answer `status` to every message posted to `path` from now on. */
  answer(path: string, status: number): void;
  /** A fresh browser subscription at `path` of this service. */
  subscription(path?: string): TestSubscription;
  /** Resolves with the first message to `path` (now or when it comes). */
  nextTo(path: string): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiting: Array<{ path: string; resolve: (push: ReceivedPush) => void }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const push = { path, headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      for (const waiter of waiting.filter((w) => w.path === path)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(push);
      }
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer: (path, status) => void statuses.set(path, status),
    subscription(path = `/push/${randomBytes(8).toString('hex')}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return { endpoint: `${origin}${path}`, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url'), privateKey: ecdh.getPrivateKey() };
    },
    nextTo(path) {
      const already = received.find((push) => push.path === path);
      return already ? Promise.resolve(already) : new Promise((resolve) => waiting.push({ path, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** The plaintext of an aes128gcm Web Push message, decrypted as the browser of `subscription` does (RFC 8291 section 3.4, RFC 8188). */
export function decryptPush(body: Buffer, subscription: TestSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (ciphertext.length > recordSize) throw new Error('a push message holds one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscription.privateKey);
  const sharedSecret = ecdh.computeSecret(senderKey);
  const receiverKey = Buffer.from(subscription.p256dh, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey, Buffer.from([1])]);
  const inputKey = hmac(hmac(Buffer.from(subscription.auth, 'base64url'), sharedSecret), keyInfo);
  const pseudoRandomKey = hmac(salt, inputKey);
  const contentKey = hmac(pseudoRandomKey, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(pseudoRandomKey, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the record has no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** The claims of the request's VAPID JWT, after checking its ES256 signature against `publicKey` (base64url, RFC 8292). */
export function verifiedVapidClaims(headers: IncomingHttpHeaders, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
  if (!match) throw new Error(`not a VAPID authorization: ${String(headers.authorization)}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the VAPID key is not the server’s');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID must be ES256');
  return JSON.parse(Buffer.from(claims, 'base64url').toString());
}
