/**
 * What the client puts on the wire, checked against a bare HTTP server that records every request:
 * exact headers, methods, paths and bodies; connection reuse; and deadlines that also cover a
 * response whose body stalls.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import { expect } from 'expect';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPlatformClient, DEFAULT_DEVICE_PROFILE } from './client.js';
import { clientIdFor } from './pkce.js';
import type { PlatformClient, WorkCredentials } from './types.js';
import { fakeClock } from '../../../test/platformFixture.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Responder = (seen: Seen, res: ServerResponse) => void;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const credentials: WorkCredentials = { accessToken: 'Atna|token-1', instanceId: '6f1c1c84-5a0e-4a55-9c3b-0a3c9a3f1d11' };
const json = (body: unknown) => (_: Seen, res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('the client on the wire', () => {
  let server: Server;
  let base: string;
  let seen: Seen[] = [];
  let connections = 0;
  let respond: Responder = json({});
  const clock = fakeClock();
  let client: PlatformClient;
  let hasty: PlatformClient;
  const DEADLINE_MS = 300;
  const clientWithDeadline = (timeoutMs: number) =>
    createPlatformClient({
      endpoints: { signIn: base, tokens: `${base}/tokens`, work: `${base}/flex-work/` },
      now: clock.now,
      timeoutMs,
      extraWorkHeaders: { 'x-sim-client': 'worker-1' },
    });

  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
        seen.push(entry);
        respond(entry, res);
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A roomy deadline for the calls that must get through on a busy machine; the deadline tests
    // use a short one of their own.
    client = clientWithDeadline(5_000);
    hasty = clientWithDeadline(DEADLINE_MS);
  });
  after(async () => {
    await client.close();
    await hasty.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
    respond = json({});
  });

  it('sends the headers of docs/PLATFORM.md section 2 on every work call, with a new request id each time', async () => {
    respond = json({ serviceAreaIds: ['a'] });
    await client.eligibleServiceAreas(credentials);
    clock.advance(1234);
    await client.eligibleServiceAreas(credentials);
    const [first, second] = seen as [Seen, Seen];
    expect(first.headers).toMatchObject({
      'x-amz-access-token': 'Atna|token-1',
      'x-flex-instance-id': credentials.instanceId,
      'x-amzn-requestid': expect.stringMatching(UUID),
      'x-flex-client-time': String(clock.now() - 1234),
      'user-agent': DEFAULT_DEVICE_PROFILE.userAgent,
      'content-type': 'application/json',
      'x-sim-client': 'worker-1',
    });
    expect(second.headers['x-flex-client-time']).toBe(String(clock.now()));
    expect(second.headers['x-amzn-requestid']).not.toBe(first.headers['x-amzn-requestid']);
  });

  it('uses the documented method, path and body of each call, under the base path prefix', async () => {
    respond = (entry, res) => {
      const bodies: Record<string, unknown> = {
        '/flex-work/eligibleServiceAreas': { serviceAreaIds: [] },
        '/flex-work/getOfferFiltersOptions': { serviceAreaPoolList: [] },
        '/flex-work/GetOffersForProviderPost': { offerList: [], refreshInterval: 1000 },
        '/flex-work/scheduledAssignments': { scheduledAssignments: [] },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bodies[entry.url] ?? {}));
    };
    for (const result of [
      await client.eligibleServiceAreas(credentials),
      await client.getOfferFiltersOptions(credentials),
      await client.getOffers(credentials, ['area-1', 'area-2']),
      await client.acceptOffer(credentials, 'offer-9'),
      await client.scheduledAssignments(credentials),
      await client.forfeit(credentials, 1_750_000_000.75),
    ]) {
      expect(result.ok).toBe(true);
    }
    expect(seen.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual([
      'GET /flex-work/eligibleServiceAreas ',
      'GET /flex-work/getOfferFiltersOptions ',
      'POST /flex-work/GetOffersForProviderPost {"apiVersion":"V2","filters":{"serviceAreaFilter":["area-1","area-2"],"timeFilter":{}},"serviceAreaIds":["area-1","area-2"]}',
      'POST /flex-work/AcceptOffer {"offerId":"offer-9"}',
      'GET /flex-work/scheduledAssignments ',
      'DELETE /flex-work/schedule/blocks/1750000000 ',
    ]);
  });

  it('sends the register and refresh bodies of docs/PLATFORM.md section 1', async () => {
    respond = json({ response: { success: { tokens: { bearer: { access_token: 'a', refresh_token: 'r', expires_in: 3600 } }, extensions: { customer_info: { user_id: 'u' } } } } });
    expect(await client.register({ authorizationCode: 'ANcode', codeVerifier: 'verifier', deviceSerial: 'abc123' })).toMatchObject({ ok: true, value: { userId: 'u' } });
    respond = json({ access_token: 'a2', token_type: 'bearer', expires_in: 3600 });
    expect(await client.refresh('r')).toMatchObject({ ok: true, value: { accessToken: 'a2' } });
    const [register, refresh] = seen as [Seen, Seen];
    expect(`${register.method} ${register.url}`).toBe('POST /tokens/auth/register');
    expect(register.headers['content-type']).toBe('application/json');
    expect(register.headers['x-amz-access-token']).toBeUndefined();
    expect(JSON.parse(register.body)).toEqual({
      auth_data: {
        client_id: clientIdFor('abc123', DEFAULT_DEVICE_PROFILE.deviceType),
        authorization_code: 'ANcode',
        code_verifier: 'verifier',
        code_algorithm: 'SHA-256',
        client_domain: 'DeviceLegacy',
      },
      registration_data: {
        app_name: DEFAULT_DEVICE_PROFILE.appName,
        app_version: DEFAULT_DEVICE_PROFILE.appVersion,
        device_type: DEFAULT_DEVICE_PROFILE.deviceType,
        device_serial: 'abc123',
        domain: 'Device',
        os_version: DEFAULT_DEVICE_PROFILE.osVersion,
        software_version: DEFAULT_DEVICE_PROFILE.softwareVersion,
      },
      requested_token_type: ['bearer'],
      requested_extensions: ['device_info', 'customer_info'],
    });
    expect(`${refresh.method} ${refresh.url}`).toBe('POST /tokens/auth/token');
    expect(JSON.parse(refresh.body)).toEqual({
      app_name: DEFAULT_DEVICE_PROFILE.appName,
      app_version: DEFAULT_DEVICE_PROFILE.appVersion,
      source_token_type: 'refresh_token',
      source_token: 'r',
      requested_token_type: 'access_token',
    });
  });

  it('reuses one keep-alive connection for sequential calls', async () => {
    respond = json({ serviceAreaIds: [] });
    await client.eligibleServiceAreas(credentials);
    const before = connections;
    for (let i = 0; i < 20; i++) await client.eligibleServiceAreas(credentials);
    expect(connections).toBe(before);
  });

  it('a 2xx body that is not the documented shape is unexpected, never a guess', async () => {
    respond = json({ surprise: true });
    expect(await client.getOffers(credentials, ['a'])).toMatchObject({ ok: false, kind: 'unexpected', status: 200 });
    respond = (_, res) => res.writeHead(200).end('<html>not json</html>');
    expect(await client.scheduledAssignments(credentials)).toMatchObject({ ok: false, kind: 'unexpected' });
    respond = json({ access_token: 'a', expires_in: 'soon' });
    expect(await client.refresh('r')).toMatchObject({ ok: false, kind: 'unexpected' });
  });

  it('drops malformed offers, counts them, and keeps the rest', async () => {
    respond = json({
      offerList: [
        { offerId: 'good', serviceAreaId: 'a', startTime: 1_750_000_000, endTime: 1_750_007_200, rateInfo: { priceAmount: 50.005, currency: 'USD' } },
        { offerId: 'no-price', serviceAreaId: 'a', startTime: 1_750_000_000, endTime: 1_750_007_200, rateInfo: {} },
        { offerId: 'backwards', serviceAreaId: 'a', startTime: 1_750_007_200, endTime: 1_750_000_000, rateInfo: { priceAmount: 5 } },
        { serviceAreaId: 'a', startTime: 1, endTime: 2, rateInfo: { priceAmount: 5 } },
        'nonsense',
      ],
    });
    const result = await client.getOffers(credentials, ['a']);
    expect(result).toMatchObject({ ok: true, value: { malformedOffers: 4, refreshIntervalMs: 1000, refreshTimeoutMs: null } });
    expect(result.ok && result.value.offers.map((o) => [o.offerId, o.priceCents, o.startMs])).toEqual([['good', Math.round(50.005 * 100), 1_750_000_000_000]]);
  });

  /**
   * Given up at the deadline: not before it, and not hanging on (the bound is loose, as a busy
   * machine delays timers; without a deadline the call would never end).
   */
  const expectAtTheDeadline = (elapsedMs: number) => {
    expect(elapsedMs).toBeGreaterThanOrEqual(DEADLINE_MS - 10);
    expect(elapsedMs).toBeLessThan(3_000);
  };

  it('a server that never answers is a transient timeout at the deadline', async () => {
    respond = () => undefined;
    const started = performance.now();
    expect(await hasty.eligibleServiceAreas(credentials)).toMatchObject({ ok: false, kind: 'transient', cause: 'timeout' });
    expectAtTheDeadline(performance.now() - started);
  });

  it('the deadline covers the body: headers at once, then a stalled body, is a timeout too', async () => {
    respond = (_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"serviceAreaIds":[');
    };
    const started = performance.now();
    expect(await hasty.eligibleServiceAreas(credentials)).toMatchObject({ ok: false, kind: 'transient', cause: 'timeout' });
    expectAtTheDeadline(performance.now() - started);
  });
});
