import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { authorizationCode, call, closeSims, connect, startSim, newPkce, refreshBody, registerBody, work } from './helpers.js';

afterEach(closeSims);

describe('POST /auth/register (PKCE)', () => {
  it('exchanges code + verifier for tokens in the exact success shape', async () => {
    const { sim } = await startSim({ accessTokenLifetimeSeconds: 3600 });
    const { verifier, challenge, clientId } = newPkce();
    const code = await authorizationCode(sim, 'a@example.com', challenge, clientId);
    const res = await call(sim, { method: 'POST', url: '/auth/register', payload: registerBody(code, verifier, clientId) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      response: {
        success: {
          tokens: { bearer: { access_token: expect.stringMatching(/^Atna\|/), refresh_token: expect.stringMatching(/^Atnr\|/), expires_in: 3600 } },
          extensions: { customer_info: { user_id: expect.stringMatching(/^amzn1\.account\.[A-Z0-9]+$/) } },
        },
      },
    });
  });

  it('rejects a wrong verifier, a wrong code, another client id and a reused code with 400 { response: { error } }', async () => {
    const { sim } = await startSim();
    const { verifier, challenge, clientId } = newPkce();
    const code = await authorizationCode(sim, 'b@example.com', challenge, clientId);
    const post = (body: unknown) => call(sim, { method: 'POST', url: '/auth/register', payload: body as Record<string, unknown> });
    const errorShape = { response: { error: { code: expect.any(String), message: expect.any(String) } } };

    const wrongVerifier = await post(registerBody(code, newPkce().verifier, clientId));
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json()).toEqual(errorShape);
    expect(wrongVerifier.json().response.error.message).toMatch(/code_verifier/);

    const wrongCode = await post(registerBody('ANnotarealcode000000', verifier, clientId));
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual(errorShape);

    const otherClient = await post(registerBody(code, verifier, newPkce().clientId));
    expect(otherClient.statusCode).toBe(400);
    expect(otherClient.json().response.error.message).toMatch(/client_id/);

    const missing = await post({ auth_data: { client_id: clientId }, registration_data: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().response.error.code).toBe('MissingValue');

    expect((await post(registerBody(code, verifier, clientId))).statusCode).toBe(200);
    const reused = await post(registerBody(code, verifier, clientId));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(errorShape);
  });

  it('expires authorization codes', async () => {
    const { sim, clock } = await startSim({ authCodeTtlMs: 60_000 });
    const { verifier, challenge, clientId } = newPkce();
    const code = await authorizationCode(sim, 'c@example.com', challenge, clientId);
    clock.advance(61_000);
    const res = await call(sim, { method: 'POST', url: '/auth/register', payload: registerBody(code, verifier, clientId) });
    expect(res.statusCode).toBe(400);
  });

  it('gives the same user_id to the same e-mail (any case), a different one to another e-mail', async () => {
    const { sim } = await startSim();
    const first = await connect(sim, 'Same@Example.com');
    const second = await connect(sim, 'same@example.com');
    const other = await connect(sim, 'other@example.com');
    expect(second.userId).toBe(first.userId);
    expect(other.userId).not.toBe(first.userId);
    expect(second.accessToken).not.toBe(first.accessToken);
  });
});

describe('POST /auth/token and access tokens', () => {
  it('refreshes into a new working access token', async () => {
    const { sim } = await startSim({ accessTokenLifetimeSeconds: 1800 });
    const account = await connect(sim, 'r@example.com');
    const res = await call(sim, { method: 'POST', url: '/auth/token', payload: refreshBody(account.refreshToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access_token: expect.stringMatching(/^Atna\|/), token_type: 'bearer', expires_in: 1800 });
    const fresh = { ...account, accessToken: res.json().access_token as string };
    expect((await work(sim, fresh, 'GET', '/eligibleServiceAreas')).statusCode).toBe(200);
  });

  it('answers 403 for an expired token, and a refresh makes it work again', async () => {
    const { sim, clock } = await startSim({ accessTokenLifetimeSeconds: 3600 });
    const account = await connect(sim, 'e@example.com');
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).statusCode).toBe(200);
    clock.advance(3600 * 1000);
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).statusCode).toBe(403);
    const refreshed = await call(sim, { method: 'POST', url: '/auth/token', payload: refreshBody(account.refreshToken) });
    const again = await work(sim, { ...account, accessToken: refreshed.json().access_token }, 'GET', '/eligibleServiceAreas');
    expect(again.statusCode).toBe(200);
  });

  it('answers 401 { Message } for an unknown or missing token, 400 without x-flex-instance-id', async () => {
    const { sim } = await startSim();
    const account = await connect(sim, 'u@example.com');
    const unknown = await work(sim, { ...account, accessToken: 'Atna|nope' }, 'GET', '/eligibleServiceAreas');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ Message: 'Unauthorized request' });
    const none = await call(sim, { method: 'GET', url: '/scheduledAssignments', headers: { 'x-flex-instance-id': account.instanceId } });
    expect(none.statusCode).toBe(401);
    const noInstance = await call(sim, { method: 'GET', url: '/scheduledAssignments', headers: { 'x-amz-access-token': account.accessToken } });
    expect(noInstance.statusCode).toBe(400);
  });

  it('after deregistration: refresh -> 400 "invalid parameter : source_token", access token -> 401', async () => {
    const { sim } = await startSim();
    const account = await connect(sim, 'd@example.com');
    expect(sim.control.deregisterDevice({ refreshToken: account.refreshToken })).toEqual({ deregistered: 1 });
    const res = await call(sim, { method: 'POST', url: '/auth/token', payload: refreshBody(account.refreshToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('invalid parameter : source_token');
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).statusCode).toBe(401);
  });

  it('accepts the refresh as a form post too, and rejects a wrong token type', async () => {
    const { sim } = await startSim();
    const account = await connect(sim, 'f@example.com');
    const res = await call(sim, {
      method: 'POST',
      url: '/auth/token',
      payload: new URLSearchParams(refreshBody(account.refreshToken)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const wrongType = await call(sim, { method: 'POST', url: '/auth/token', payload: { ...refreshBody(account.refreshToken), source_token_type: 'access_token' } });
    expect(wrongType.statusCode).toBe(400);
  });
});
