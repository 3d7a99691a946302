/**
 * Test fixture: a simulator on a free port sharing a fake clock with a real platform client, and
 * the driver's side of the sign-in (open the challenge URL, submit the form, read the landing URL),
 * done over HTTP exactly as a browser would.
 */
import { randomUUID } from 'node:crypto';
import { createSimulator, type Simulator, type SimulatorOptions } from '@blockpilot/platform-sim';
import { createPlatformClient, simulatorEndpoints } from '../src/adapters/platform/client.js';
import { newDeviceSerial } from '../src/adapters/platform/pkce.js';
import { authorizationCodeFromLandingUrl, createSignInChallenge } from '../src/adapters/platform/signIn.js';
import type { PlatformClient, PlatformClientOptions, PlatformTokens, WorkCredentials } from '../src/adapters/platform/types.js';

/** A clock that moves only when told. */
export interface FakeClock {
  now(): number;
  advance(ms: number): void;
}

export function fakeClock(start = Date.UTC(2025, 5, 2, 14, 0, 7)): FakeClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** A running simulator and a client pointed at it. */
export interface PlatformFixture {
  sim: Simulator;
  base: string;
  clock: FakeClock;
  client: PlatformClient;
  close(): Promise<void>;
}

export async function startPlatform(options: { sim?: SimulatorOptions; client?: Partial<Omit<PlatformClientOptions, 'endpoints' | 'now'>> } = {}): Promise<PlatformFixture> {
  const clock = fakeClock();
  // No rivals and no rate limit unless a test asks: each test sets up exactly the behaviour it checks.
  const sim = createSimulator({ seed: 7, clock, rivalMeanDelayMs: null, rateLimitMax: 0, ...options.sim });
  const base = await sim.listen({ port: 0, host: '127.0.0.1' });
  const client = createPlatformClient({ endpoints: simulatorEndpoints(base), now: clock.now, timeoutMs: 2000, ...options.client });
  return {
    sim,
    base,
    clock,
    client,
    close: async () => {
      await client.close();
      await sim.close();
    },
  };
}

function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}

/** The first form of a page: where it posts and its inputs' values. */
function readForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on the page: ${html.slice(0, 200)}`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.match(/<input[^>]*>/g) ?? []) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (name) fields[decodeEntities(name)] = decodeEntities(/\svalue="([^"]*)"/.exec(input)?.[1] ?? '');
  }
  return { action: decodeEntities(form[1]!), fields };
}

/** What the driver does in the browser: open the challenge URL, sign in, end on the landing URL. */
export async function signInAsDriver(challengeUrl: string, email: string): Promise<string> {
  const page = await fetch(challengeUrl);
  if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}: ${await page.text()}`);
  const form = readForm(await page.text());
  const submitted = await fetch(new URL(form.action, challengeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, email, password: 'any password' }).toString(),
    redirect: 'manual',
  });
  const landing = submitted.headers.get('location');
  if (submitted.status !== 302 || !landing) throw new Error(`sign-in did not land: ${submitted.status}`);
  return landing;
}

/** A connected account: what the connect call would store. */
export interface ConnectedAccount {
  userId: string;
  tokens: PlatformTokens;
  instanceId: string;
  credentials: WorkCredentials;
}

/** The whole connect flow through the adapter: challenge, sign-in, landing URL, register. */
export async function connectAccount(client: PlatformClient, email: string): Promise<ConnectedAccount> {
  const challenge = createSignInChallenge(client.endpoints, client.device, newDeviceSerial());
  const landing = await signInAsDriver(challenge.url, email);
  const code = authorizationCodeFromLandingUrl(landing, client.endpoints);
  if (!code) throw new Error(`no code in ${landing}`);
  const registered = await client.register({ authorizationCode: code, codeVerifier: challenge.codeVerifier, deviceSerial: challenge.deviceSerial });
  if (!registered.ok) throw new Error(`register failed: ${JSON.stringify(registered)}`);
  const instanceId = randomUUID();
  return { ...registered.value, instanceId, credentials: { accessToken: registered.value.tokens.accessToken, instanceId } };
}
