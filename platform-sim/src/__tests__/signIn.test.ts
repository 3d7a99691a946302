import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createSimulator, type Simulator } from '../index.js';
import { form, newPkce, pageTitle, parseForm, registerBody, signInQuery } from './helpers.js';

describe('sign-in page -> landing URL (real HTTP)', () => {
  let sim: Simulator;
  let base: string;

  before(async () => {
    sim = createSimulator({ seed: 5, otpAccounts: { 'Otp.User@example.com': '123456' } });
    base = await sim.listen({ port: 0 });
  });
  after(() => sim.close());

  async function openSignIn(challenge: string, clientId: string): Promise<{ html: string; status: number }> {
    const url = `${base}/ap/signin?${new URLSearchParams(signInQuery(challenge, clientId, base))}`;
    const res = await fetch(url);
    return { html: await res.text(), status: res.status };
  }

  async function submit(action: string, fields: Record<string, string>): Promise<Response> {
    const { payload, headers } = form(fields);
    return fetch(new URL(action, base), { method: 'POST', body: payload, headers });
  }

  it('renders a form, posts it, follows the redirect to "Looking for Something?" and the code registers', async () => {
    const { verifier, challenge, clientId } = newPkce();
    const page = await openSignIn(challenge, clientId);
    expect(page.status).toBe(200);
    const signIn = parseForm(page.html);
    expect(signIn.method).toBe('post');
    expect(signIn.visible).toEqual(expect.arrayContaining(['email', 'password']));
    expect(signIn.fields['openid.oa2.code_challenge']).toBe(challenge);

    const landing = await submit(signIn.action, { ...signIn.fields, email: 'driver@example.com', password: 'anything' });
    expect(landing.redirected).toBe(true);
    expect(landing.status).toBe(200);
    const landingUrl = new URL(landing.url);
    expect(landingUrl.pathname).toBe('/ap/maplanding');
    expect(pageTitle(await landing.text())).toBe('Looking for Something?');
    const code = landingUrl.searchParams.get('openid.oa2.authorization_code');
    expect(code).toMatch(/^AN[A-Za-z0-9]{18}$/);

    const reg = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registerBody(code as string, verifier, clientId)),
    });
    expect(reg.status).toBe(200);
    const body = (await reg.json()) as { response: { success: { extensions: { customer_info: { user_id: string } } } } };
    expect(body.response.success.extensions.customer_info.user_id).toMatch(/^amzn1\.account\./);
  });

  it('asks a configured account for its one-time code, rejects a wrong one, then lands', async () => {
    const { challenge, clientId } = newPkce();
    const signIn = parseForm((await openSignIn(challenge, clientId)).html);
    const step2 = await submit(signIn.action, { ...signIn.fields, email: 'otp.user@EXAMPLE.com', password: 'pw' });
    expect(step2.redirected).toBe(false);
    const otpHtml = await step2.text();
    expect(pageTitle(otpHtml)).toBe('Two-Step Verification');
    const otpForm = parseForm(otpHtml);
    expect(otpForm.visible).toEqual(['otpCode']);

    const wrong = await submit(otpForm.action, { ...otpForm.fields, otpCode: '000000' });
    expect(wrong.redirected).toBe(false);
    expect(await wrong.text()).toContain('not valid');

    const right = await submit(otpForm.action, { ...otpForm.fields, otpCode: '123456' });
    expect(right.redirected).toBe(true);
    expect(new URL(right.url).searchParams.get('openid.oa2.authorization_code')).toBeTruthy();
  });

  it('re-renders the form when e-mail or password is missing', async () => {
    const { challenge, clientId } = newPkce();
    const signIn = parseForm((await openSignIn(challenge, clientId)).html);
    const res = await submit(signIn.action, { ...signIn.fields, email: 'driver@example.com', password: '' });
    expect(res.redirected).toBe(false);
    expect(await res.text()).toContain('Enter your password');
  });

  it('rejects a sign-in without the exact openid parameters', async () => {
    const { challenge, clientId } = newPkce();
    const query = signInQuery(challenge, clientId, base);
    for (const broken of [
      { ...query, 'openid.oa2.code_challenge_method': 'plain' },
      { ...query, 'openid.oa2.client_id': clientId },
      { ...query, 'openid.oa2.code_challenge': 'short' },
      { ...query, 'openid.return_to': `${base}/elsewhere` },
    ]) {
      const res = await fetch(`${base}/ap/signin?${new URLSearchParams(broken)}`);
      expect(res.status).toBe(400);
    }
  });
});
