import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { closeSims, connect, startSim, work } from './helpers.js';

afterEach(closeSims);

async function setup(otherEmail = 'bystander@example.com') {
  const started = await startSim({ autoOffers: false, rateLimitMax: 0 });
  const victim = await connect(started.sim, 'victim@example.com');
  const bystander = await connect(started.sim, otherEmail);
  return { ...started, victim, bystander };
}

describe('fault injection', () => {
  it('serverError: 5xx with the configured status, only for the targeted account', async () => {
    const { sim, victim, bystander } = await setup();
    sim.control.setFaults({ rules: [{ kind: 'serverError', accountId: victim.userId, status: 502 }] });
    expect((await work(sim, victim, 'GET', '/scheduledAssignments')).statusCode).toBe(502);
    expect((await work(sim, bystander, 'GET', '/scheduledAssignments')).statusCode).toBe(200);
  });

  it('latency: delays the answer, which is otherwise normal', async () => {
    const { sim, victim } = await setup();
    sim.control.setFaults({ rules: [{ kind: 'latency', latencyMs: 300 }] });
    const started = Date.now();
    const res = await work(sim, victim, 'GET', '/scheduledAssignments');
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(sim.control.readRecord().requests.at(-1)).toMatchObject({ latencyMs: 300, outcome: 'ok' });
  });

  it('reset: the connection is dropped', async () => {
    const { sim, victim } = await setup();
    sim.control.setFaults({ rules: [{ kind: 'reset', email: 'victim@example.com', remaining: 1 }] });
    await expect(work(sim, victim, 'GET', '/scheduledAssignments')).rejects.toThrow();
    expect((await work(sim, victim, 'GET', '/scheduledAssignments')).statusCode).toBe(200);
    expect(sim.control.readRecord().requests.map((r) => r.outcome)).toContain('fault_reset');
  });

  it('captcha: 307 with challengeMetadata.WebUrl pointing at a page', async () => {
    const { sim, victim, base } = await setup();
    sim.control.setFaults({ rules: [{ kind: 'captcha', accountId: victim.userId }] });
    const res = await work(sim, victim, 'POST', '/GetOffersForProviderPost', { apiVersion: 'V2', serviceAreaIds: [] });
    expect(res.statusCode).toBe(307);
    const webUrl = res.json().challengeMetadata.WebUrl as string;
    expect(webUrl.startsWith(base)).toBe(true);
    expect((await fetch(webUrl)).status).toBe(200);
  });

  it('signing: 420 with x-amzn-ErrorType: OperationFailedException', async () => {
    const { sim, victim } = await setup();
    sim.control.setFaults({ rules: [{ kind: 'signing', paths: ['/AcceptOffer'] }] });
    expect((await work(sim, victim, 'GET', '/scheduledAssignments')).statusCode).toBe(200);
    const res = await work(sim, victim, 'POST', '/AcceptOffer', { offerId: 'x' });
    expect(res.statusCode).toBe(420);
    expect(res.headers.get('x-amzn-errortype')).toBe('OperationFailedException');
  });

  it('unauthorized: 401 { Message: "Unauthorized request" }', async () => {
    const { sim, victim } = await setup();
    sim.control.setFaults({ rules: [{ kind: 'unauthorized', accountId: victim.userId }] });
    const res = await work(sim, victim, 'GET', '/eligibleServiceAreas');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Message: 'Unauthorized request' });
  });

  it('tokenExpiry: the token expires (403 now and after), a refresh works again', async () => {
    const { sim, victim } = await setup();
    sim.control.setFaults({ rules: [{ kind: 'tokenExpiry', accountId: victim.userId, remaining: 1 }] });
    expect((await work(sim, victim, 'GET', '/eligibleServiceAreas')).statusCode).toBe(403);
    expect((await work(sim, victim, 'GET', '/eligibleServiceAreas')).statusCode).toBe(403);
    const refreshed = await fetch(`${sim.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source_token_type: 'refresh_token', source_token: victim.refreshToken, requested_token_type: 'access_token' }),
    });
    const { access_token } = (await refreshed.json()) as { access_token: string };
    expect((await work(sim, { ...victim, accessToken: access_token }, 'GET', '/eligibleServiceAreas')).statusCode).toBe(200);
  });

  it('throttle: a forced 400 Rate exceeded', async () => {
    const { sim, victim } = await setup();
    sim.control.setFaults({ rules: [{ kind: 'throttle', remaining: 2 }] });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await work(sim, victim, 'GET', '/eligibleServiceAreas')).statusCode);
    expect(statuses).toEqual([400, 400, 200]);
    expect(sim.control.getFaults().rules[0]?.remaining).toBe(0);
  });

  it('at a rate: hits about that share of requests, deterministically for a seed', async () => {
    const run = async () => {
      const { sim, victim } = await setup();
      sim.control.setFaults({ rules: [{ kind: 'serverError', rate: 0.3 }] });
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) statuses.push((await work(sim, victim, 'GET', '/eligibleServiceAreas')).statusCode);
      return statuses;
    };
    const first = await run();
    const failures = first.filter((s) => s === 503).length;
    expect(failures).toBeGreaterThan(15);
    expect(failures).toBeLessThan(45);
    expect(await run()).toEqual(first);
  });

  it('rejects an unknown fault kind', () => {
    return startSim().then(({ sim }) => {
      expect(() => sim.control.setFaults({ rules: [{ kind: 'explode' as never }] })).toThrow(/kind/);
    });
  });
});
