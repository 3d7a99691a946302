/**
 * Shared test helpers: a controllable clock, the sign-in flow, and work-API calls with the right
 * headers. Calls go over a real port with fetch, as the product's platform adapter makes them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { codeChallengeFor, createSimulator, type Simulator, type SimulatorOptions } from '../index.js';

export interface FakeClock {
  now(): number;
  advance(ms: number): void;
  set(ms: number): void;
}

/** A clock that only moves when told (starts at a fixed, realistic time). */
export function fakeClock(start = Date.UTC(2025, 5, 2, 14, 0, 7)): FakeClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms), set: (ms) => void (t = ms) };
}

const running = new Set<Simulator>();

/** A listening simulator on a free port with a fake clock; close with {@link closeSims}. */
export async function startSim(options: SimulatorOptions = {}): Promise<{ sim: Simulator; clock: FakeClock; base: string }> {
  const clock = fakeClock();
  const sim = createSimulator({ clock, ...options });
  const base = await sim.listen({ port: 0 });
  running.add(sim);
  return { sim, clock, base };
}

/**
 * {@link startSim} with a second fake clock as the simulator's `preciseClock` (record stamps, the
 * pace judgement, listing-relative rivals), independent of `clock` (the simulated world's). It
 * starts a fraction of a millisecond past `clock`, as real stamps do.
 */
export async function startSimWithPreciseClock(options: SimulatorOptions = {}): Promise<{ sim: Simulator; clock: FakeClock; precise: FakeClock; base: string }> {
  const precise = fakeClock(fakeClock().now() + 0.375);
  const { sim, clock, base } = await startSim({ preciseClock: precise, ...options });
  return { sim, clock, precise, base };
}

export async function closeSims(): Promise<void> {
  await Promise.all([...running].map((s) => s.close()));
  running.clear();
}

/** What a call returns (the parts tests read). */
export interface CallResult {
  statusCode: number;
  headers: Headers;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface CallOptions {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  payload?: string | Record<string, unknown>;
}

/** One HTTP call to a listening simulator; redirects are not followed. */
export async function call(sim: Simulator, options: CallOptions): Promise<CallResult> {
  if (!sim.url) throw new Error('simulator is not listening');
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (typeof options.payload === 'string') body = options.payload;
  else if (options.payload !== undefined) {
    body = JSON.stringify(options.payload);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(sim.url + options.url, { method: options.method, headers, body, redirect: 'manual' });
  const text = await res.text();
  return { statusCode: res.status, headers: res.headers, body: text, json: () => JSON.parse(text) };
}

/** What the product creates before sending the user to the sign-in page. */
export function newPkce(): { verifier: string; challenge: string; clientId: string } {
  const verifier = randomBytes(32).toString('base64url');
  const clientId = `${randomBytes(16).toString('hex')}#A1MPSLFC7L5AFK`;
  return { verifier, challenge: codeChallengeFor(verifier), clientId };
}

export function signInQuery(challenge: string, clientId: string, origin = 'http://localhost'): Record<string, string> {
  return {
    'openid.oa2.response_type': 'code',
    'openid.oa2.code_challenge_method': 'S256',
    'openid.oa2.code_challenge': challenge,
    'openid.oa2.client_id': `device:${clientId}`,
    'openid.oa2.scope': 'device_auth_access',
    'openid.return_to': `${origin}/ap/maplanding`,
    'openid.mode': 'checkid_setup',
    'openid.assoc_handle': 'amzn_device_na',
    pageId: 'amzn_device_na',
    'openid.ns': 'http://specs.openid.net/auth/2.0',
  };
}

export interface ParsedForm {
  action: string;
  method: string;
  fields: Record<string, string>;
  /** Names of the visible inputs (not hidden). */
  visible: string[];
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** Reads the first form of a page: action, method, and its inputs' names and values. */
export function parseForm(html: string): ParsedForm {
  const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error('no form on the page');
  const openTag = /<form[^>]*>/.exec(form[0])?.[0] ?? '';
  const fields: Record<string, string> = {};
  const visible: string[] = [];
  for (const tag of form[1]?.match(/<input[^>]*>/g) ?? []) {
    const name = attr(tag, 'name');
    if (!name) continue;
    fields[name] = attr(tag, 'value') ?? '';
    if (attr(tag, 'type') !== 'hidden') visible.push(name);
  }
  return { action: attr(openTag, 'action') ?? '', method: (attr(openTag, 'method') ?? 'get').toLowerCase(), fields, visible };
}

export function pageTitle(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

export function form(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return { payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** Signs in through the form (skipping the GET) and returns the authorization code from the landing URL. */
export async function authorizationCode(sim: Simulator, email: string, challenge: string, clientId: string, otp?: string): Promise<string> {
  let res = await call(sim, { method: 'POST', url: '/ap/signin', ...form({ ...signInQuery(challenge, clientId), email, password: 'pw' }) });
  if (otp !== undefined) {
    const otpForm = parseForm(res.body);
    res = await call(sim, { method: 'POST', url: '/ap/signin', ...form({ ...otpForm.fields, otpCode: otp }) });
  }
  if (res.statusCode !== 302) throw new Error(`sign-in failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const code = new URL(String(res.headers.get('location'))).searchParams.get('openid.oa2.authorization_code');
  if (!code) throw new Error('no code in the landing URL');
  return code;
}

export function registerBody(code: string, verifier: string, clientId: string): Record<string, unknown> {
  return {
    auth_data: { client_id: clientId, authorization_code: code, code_verifier: verifier, code_algorithm: 'SHA-256', client_domain: 'DeviceLegacy' },
    registration_data: {
      app_name: 'com.amazon.rabbit',
      app_version: '303338310',
      device_type: 'A1MPSLFC7L5AFK',
      device_serial: clientId.split('#')[0],
      domain: 'Device',
      os_version: 'LGE/joan/joan:8.1.0',
      software_version: '130050002',
    },
    requested_token_type: ['bearer'],
    requested_extensions: ['device_info', 'customer_info'],
  };
}

export interface Connected {
  accessToken: string;
  refreshToken: string;
  userId: string;
  instanceId: string;
  expiresIn: number;
}

/** The whole connect flow: sign in, read the code, register with the verifier. */
export async function connect(sim: Simulator, email: string, otp?: string): Promise<Connected> {
  const { verifier, challenge, clientId } = newPkce();
  const code = await authorizationCode(sim, email, challenge, clientId, otp);
  const res = await call(sim, { method: 'POST', url: '/auth/register', payload: registerBody(code, verifier, clientId) });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const bearer = res.json().response.success.tokens.bearer;
  return {
    accessToken: bearer.access_token,
    refreshToken: bearer.refresh_token,
    expiresIn: bearer.expires_in,
    userId: res.json().response.success.extensions.customer_info.user_id,
    instanceId: randomUUID(),
  };
}

export function workHeaders(account: Pick<Connected, 'accessToken' | 'instanceId'>, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'x-amz-access-token': account.accessToken,
    'x-flex-instance-id': account.instanceId,
    'x-amzn-requestid': randomUUID(),
    'x-flex-client-time': String(Date.now()),
    'user-agent': 'Dalvik/2.1.0 (Linux; U; Android 10)',
    'content-type': 'application/json',
    ...extra,
  };
}

/** One work-API call through inject. */
export function work(
  sim: Simulator,
  account: Pick<Connected, 'accessToken' | 'instanceId'>,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<CallResult> {
  return call(sim, {
    method,
    url,
    headers: workHeaders(account, extraHeaders),
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** The service areas the account may work in (the only ones the offers call lists for it). */
export async function eligibleAreas(sim: Simulator, account: Connected): Promise<string[]> {
  const res = await work(sim, account, 'GET', '/eligibleServiceAreas');
  if (res.statusCode !== 200) throw new Error(`eligibleServiceAreas failed: ${res.statusCode} ${res.body}`);
  return res.json().serviceAreaIds as string[];
}

export function getOffers(sim: Simulator, account: Connected, serviceAreaIds: string[], extraHeaders?: Record<string, string>) {
  return work(
    sim,
    account,
    'POST',
    '/GetOffersForProviderPost',
    { apiVersion: 'V2', filters: { serviceAreaFilter: serviceAreaIds, timeFilter: {} }, serviceAreaIds },
    extraHeaders,
  );
}

/**
 * A work-API call with exactly these headers over node:http (fetch adds its own User-Agent and a
 * text/plain Content-Type for a string body, which hides what these tests check): the usual work
 * headers, each override replacing one, `null` removing it.
 */
export function rawWork(
  sim: Simulator,
  account: Pick<Connected, 'accessToken' | 'instanceId'>,
  options: { method: string; url: string; headers?: Record<string, string | null>; body?: string },
): Promise<CallResult> {
  if (!sim.url) throw new Error('simulator is not listening');
  const headers: Record<string, string> = workHeaders(account);
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  const url = new URL(options.url, sim.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const resHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') resHeaders.set(name, value);
        resolve({ statusCode: res.statusCode ?? 0, headers: resHeaders, body: text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export const refreshBody = (sourceToken: string) => ({
  app_name: 'com.amazon.rabbit',
  app_version: '303338310',
  source_token_type: 'refresh_token',
  source_token: sourceToken,
  requested_token_type: 'access_token',
});

/** A refresh through the token service: the account with its new access token. */
export async function refreshed<T extends Connected>(sim: Simulator, account: T): Promise<T> {
  const res = await call(sim, { method: 'POST', url: '/auth/token', payload: refreshBody(account.refreshToken) });
  if (res.statusCode !== 200) throw new Error(`refresh failed: ${res.statusCode} ${res.body}`);
  return { ...account, accessToken: res.json().access_token as string };
}
