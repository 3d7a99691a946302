import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { MAX_OLD_TOKENS_PER_DEVICE } from '../auth/sessions.js';
import { closeSims, connect, rawWork, refreshed, startSim, work } from './helpers.js';

afterEach(closeSims);

describe('work-API headers', () => {
  it('answers 400 naming the header when one is missing or malformed, and records it as bad_header', async () => {
    const { sim } = await startSim({ rateLimitMax: 0 });
    const account = await connect(sim, 'headers@example.com');
    const cases: Array<[Record<string, string | null>, RegExp]> = [
      [{ 'x-flex-instance-id': 'instance-1' }, /x-flex-instance-id must be a UUID/],
      [{ 'x-amzn-requestid': null }, /Missing required header X-Amzn-RequestId/],
      [{ 'x-amzn-requestid': 'req-42' }, /X-Amzn-RequestId must be a UUID/],
      [{ 'x-flex-client-time': null }, /Missing required header X-Flex-Client-Time/],
      [{ 'x-flex-client-time': 'yesterday' }, /X-Flex-Client-Time must be .* epoch milliseconds/],
      [{ 'x-flex-client-time': String(Math.floor(Date.now() / 1000)) }, /X-Flex-Client-Time/], // seconds, not ms
      [{ 'x-flex-client-time': String(Date.now() * 1000) }, /X-Flex-Client-Time/], // microseconds
      [{ 'x-flex-client-time': '-1' }, /X-Flex-Client-Time/],
      [{ 'user-agent': null }, /Missing required header User-Agent/],
    ];
    for (const [headers, message] of cases) {
      const res = await rawWork(sim, account, { method: 'GET', url: '/scheduledAssignments', headers });
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 400 });
      expect(res.json().message).toMatch(message);
    }
    const missingInstance = await rawWork(sim, account, { method: 'GET', url: '/scheduledAssignments', headers: { 'x-flex-instance-id': null } });
    expect(missingInstance.statusCode).toBe(400);
    expect(missingInstance.json().message).toMatch(/x-flex-instance-id/);
    const outcomes = sim.control.readRecord().totals.byOutcome;
    expect(outcomes.bad_header).toBe(cases.length);
    expect(outcomes.missing_instance_id).toBe(1);
    expect(sim.control.readRecord().requests.filter((r) => r.kind === 'work' && r.status !== 400)).toEqual([]);
  });

  it('wants Content-Type: application/json on a call with a body, and on no other', async () => {
    const { sim } = await startSim({ autoOffers: false, rateLimitMax: 0 });
    const account = await connect(sim, 'ctype@example.com');
    const offer = JSON.stringify({ offerId: 'none' });
    const accept = (headers: Record<string, string | null>) => rawWork(sim, account, { method: 'POST', url: '/AcceptOffer', headers, body: offer });

    const plain = await accept({ 'content-type': 'text/plain' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toMatch(/Content-Type must be application\/json.*"text\/plain"/);
    const none = await accept({ 'content-type': null });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Content-Type must be application\/json.*none/);
    expect((await accept({ 'content-type': 'application/json; charset=utf-8' })).statusCode).toBe(410); // the unknown offer: headers were fine
    // Reads and forfeits carry no body: no Content-Type needed (clients send it anyway).
    expect((await rawWork(sim, account, { method: 'GET', url: '/scheduledAssignments', headers: { 'content-type': null } })).statusCode).toBe(200);
    expect((await rawWork(sim, account, { method: 'DELETE', url: '/schedule/blocks/1700000000', headers: { 'content-type': null } })).statusCode).toBe(404);
    expect(sim.control.readRecord().totals.byOutcome.bad_header).toBe(2);
  });

  it('checks the access token first: 401 unknown, 403 expired, whatever the other headers', async () => {
    const { sim } = await startSim();
    const account = await connect(sim, 'order@example.com');
    const bare = { 'x-amzn-requestid': null, 'x-flex-client-time': null, 'user-agent': null };
    expect((await rawWork(sim, { ...account, accessToken: 'Atna|nope' }, { method: 'GET', url: '/scheduledAssignments', headers: bare })).statusCode).toBe(401);
    sim.control.expireToken({ accessToken: account.accessToken });
    expect((await rawWork(sim, account, { method: 'GET', url: '/scheduledAssignments', headers: bare })).statusCode).toBe(403);
  });
});

describe('superseded access tokens', () => {
  it("a refresh supersedes the device's earlier token at once: 403 (token_superseded) for it, 200 for the new one", async () => {
    const { sim } = await startSim();
    const account = await connect(sim, 'super@example.com');
    const first = await refreshed(sim, account);
    const second = await refreshed(sim, account);
    for (const stale of [account, first]) {
      const res = await work(sim, stale, 'GET', '/eligibleServiceAreas');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect((await work(sim, second, 'GET', '/eligibleServiceAreas')).statusCode).toBe(200);
    expect(sim.control.readRecord().totals.byOutcome.token_superseded).toBe(2);
  });

  it('leaves the tokens of another device of the same account alone', async () => {
    const { sim } = await startSim();
    const phone = await connect(sim, 'two@example.com');
    const tablet = await connect(sim, 'two@example.com');
    await refreshed(sim, phone);
    expect((await work(sim, tablet, 'GET', '/eligibleServiceAreas')).statusCode).toBe(200);
    expect((await work(sim, phone, 'GET', '/eligibleServiceAreas')).statusCode).toBe(403);
  });

  it('remembers a bounded number of old tokens per device (the oldest then become unknown: 401)', async () => {
    const { sim } = await startSim();
    const account = await connect(sim, 'loop@example.com');
    const tokens = [account];
    for (let i = 0; i < MAX_OLD_TOKENS_PER_DEVICE + 4; i++) tokens.push(await refreshed(sim, account));
    expect(sim.control.state().accessTokens).toBe(MAX_OLD_TOKENS_PER_DEVICE + 1);
    expect((await work(sim, tokens[0]!, 'GET', '/eligibleServiceAreas')).statusCode).toBe(401);
    expect((await work(sim, tokens.at(-2)!, 'GET', '/eligibleServiceAreas')).statusCode).toBe(403);
    expect((await work(sim, tokens.at(-1)!, 'GET', '/eligibleServiceAreas')).statusCode).toBe(200);
  });

  it('forgets old tokens one lifetime after they stopped working', async () => {
    const { sim, clock } = await startSim({ accessTokenLifetimeSeconds: 600 });
    const account = await connect(sim, 'aged@example.com');
    const fresh = await refreshed(sim, account);
    clock.advance(600_000);
    await refreshed(sim, fresh);
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).statusCode).toBe(401);
    expect((await work(sim, fresh, 'GET', '/eligibleServiceAreas')).statusCode).toBe(403);
  });
});
