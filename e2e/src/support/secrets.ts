/**
 * The secrets a browser run uses (passwords typed, access and reset tokens, the platform sign-in
 * code and verifier), kept in a file outside the artifacts so every test file adds to one list,
 * and the scan of the run's logs for them. Platform tokens never reach the
 * browser, so they are found by their shape instead of their value.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Request, Response } from 'playwright-core';

/** Names of JSON fields (request or answer) whose string value is a credential. */
const SECRET_FIELD = /password|token|secret|code_verifier|otp|challenge_response|authcode/i;

/**
 * Shorter or more repetitive values would also match unrelated text (a short code inside a
 * request id, say); every secret this run makes is longer.
 */
const MIN_SECRET_LENGTH = 12;

/** The platform's access and refresh tokens ("Atna|…", "Atnr|…"), whoever holds them. */
const PLATFORM_TOKEN = /Atn[ar]\|[A-Za-z0-9_-]{16,}/;

/** A secret as remembered: what it is (for the report) and its value. */
export interface RememberedSecret {
  label: string;
  value: string;
}

/** A log line that holds a secret. */
export interface Leak {
  label: string;
  file: string;
  line: string;
}

/** Adds a secret to the run's list (a line of JSON in `file`); short values are not kept (see MIN_SECRET_LENGTH). */
export function rememberSecret(file: string, label: string, value: string | null | undefined): void {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return;
  appendFileSync(file, `${JSON.stringify({ label, value } satisfies RememberedSecret)}\n`, { mode: 0o600 });
}

export function readSecrets(file: string): RememberedSecret[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RememberedSecret);
}

/** Every string under a credential-named field of a JSON value, with the field's path. */
export function secretFields(value: unknown, path = ''): RememberedSecret[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, field]) => {
    const at = path ? `${path}.${key}` : key;
    return typeof field === 'string' && SECRET_FIELD.test(key) ? [{ label: at, value: field }] : secretFields(field, at);
  });
}

/**
 * Remembers what the pages of a context send to and get from the product's API: the bearer
 * token of every call, and every credential field of a JSON body either way.
 */
export function recordSecretsOf(context: BrowserContext, file: string, origin: string): void {
  const ours = (url: string) => url.startsWith(`${origin}/api/`);
  context.on('request', (request: Request) => {
    if (!ours(request.url())) return;
    const authorization = request.headers()['authorization'];
    if (authorization) rememberSecret(file, `bearer token sent to ${new URL(request.url()).pathname}`, authorization.replace(/^Bearer\s+/i, ''));
    const body = request.postData();
    if (body) for (const s of secretFields(parseJson(body))) rememberSecret(file, `${s.label} sent to ${new URL(request.url()).pathname}`, s.value);
  });
  context.on('response', (response: Response) => {
    if (!ours(response.url()) || !(response.headers()['content-type'] ?? '').includes('json')) return;
    response
      .text()
      .then((body) => {
        for (const s of secretFields(parseJson(body))) rememberSecret(file, `${s.label} from ${new URL(response.url()).pathname}`, s.value);
      })
      // A page that navigated away takes its answers' bodies with it; what the test needs it keeps itself.
      .catch(() => undefined);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Lines of `text` (a log file's content) that hold a remembered secret or a platform token. */
export function findLeaks(file: string, text: string, secrets: readonly RememberedSecret[]): Leak[] {
  const needles = secrets.flatMap(({ label, value }) => [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)].map((form) => ({ label, form })));
  const leaks: Leak[] = [];
  for (const line of text.split('\n')) {
    const hit = needles.find(({ form }) => line.includes(form));
    if (hit) leaks.push({ label: hit.label, file, line });
    else if (PLATFORM_TOKEN.test(line)) leaks.push({ label: 'a delivery-platform token', file, line });
  }
  return leaks;
}

/** What a scan of the run's logs read and found. */
export interface LogScan {
  files: string[];
  lines: number;
  secrets: number;
  leaks: Leak[];
}

/** Scans every log file of `dir` (the processes this run started) for the run's secrets. */
export function scanLogs(dir: string, secretsFile: string): LogScan {
  const secrets = readSecrets(secretsFile);
  const files = readdirSync(dir).filter((name) => name.endsWith('.log'));
  let lines = 0;
  const leaks: Leak[] = [];
  for (const name of files) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    lines += text.split('\n').filter(Boolean).length;
    leaks.push(...findLeaks(name, text, secrets));
  }
  return { files, lines, secrets: new Set(secrets.map((s) => s.value)).size, leaks };
}
