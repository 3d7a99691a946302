/**
 * The release CLI (src/cli/release.ts) talking to an app in the test's own process: what it
 * fetches from BLOCKPILOT_URL goes to the app's `inject`, with RELEASE_TOKEN as its token. A test
 * may act before each request reaches the app (someone else's move between the CLI's reading and
 * its own), and sees what was sent.
 */
import type { FastifyInstance } from 'fastify';

const BASE_URL = 'http://release-cli-under-test.example';

export interface CliAgainstApp {
  /** `METHOD /path` of every request the CLI sent, in order. */
  sent: string[];
  /** Puts back the fetch and the environment the process had. */
  restore(): void;
}

export function routeCliTo(
  app: () => FastifyInstance,
  token: string,
  beforeSend: (request: { method: string; path: string }) => Promise<void> = async () => undefined,
): CliAgainstApp {
  const realFetch = globalThis.fetch;
  const saved = { BLOCKPILOT_URL: process.env.BLOCKPILOT_URL, RELEASE_TOKEN: process.env.RELEASE_TOKEN, RELEASE_DEPLOY_TOKEN: process.env.RELEASE_DEPLOY_TOKEN };
  Object.assign(process.env, { BLOCKPILOT_URL: BASE_URL, RELEASE_TOKEN: token });
  delete process.env.RELEASE_DEPLOY_TOKEN;
  const sent: string[] = [];
  globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    if (url.origin !== BASE_URL) return realFetch(input, init);
    const method = (init?.method ?? 'GET') as 'GET';
    sent.push(`${method} ${url.pathname}`);
    await beforeSend({ method, path: url.pathname });
    const res = await app().inject({ method, url: url.pathname + url.search, headers: init?.headers as Record<string, string>, payload: init?.body as string });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  };
  return {
    sent,
    restore() {
      globalThis.fetch = realFetch;
      for (const [variable, value] of Object.entries(saved))
        if (value === undefined) delete process.env[variable];
        else process.env[variable] = value;
    },
  };
}
