import { describe, it, before, after } from 'node:test';
import { expect } from 'expect';
import { createHash } from 'node:crypto';
import { DEFAULT_DEVICE_PROFILE } from './client.js';
import { clientIdFor, codeChallengeFor, createPkcePair, newDeviceSerial } from './pkce.js';
import { authorizationCodeFromLandingUrl, createSignInChallenge } from './signIn.js';
import type { PlatformEndpoints } from './types.js';
import { signInAsDriver, startPlatform, type PlatformFixture } from '../../../test/platformFixture.js';

const NA: PlatformEndpoints = { signIn: 'https://www.amazon.com', tokens: 'https://api.amazon.com', work: 'https://flex-capacity-na.amazon.com' };

describe('PKCE and device identity (docs/PLATFORM.md section 1.1)', () => {
  it('makes a 32-byte base64url verifier and its S256 challenge, fresh each time', () => {
    const pair = createPkcePair();
    expect(pair.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(pair.codeVerifier, 'base64url')).toHaveLength(32);
    expect(pair.codeChallenge).toBe(createHash('sha256').update(pair.codeVerifier).digest('base64url'));
    expect(pair.codeChallenge).toBe(codeChallengeFor(pair.codeVerifier));
    expect(createPkcePair().codeVerifier).not.toBe(pair.codeVerifier);
  });

  it('derives client_id as the hex of "<serial>#<device type>"', () => {
    const serial = newDeviceSerial();
    expect(serial).toMatch(/^[0-9a-f]{32}$/);
    expect(newDeviceSerial()).not.toBe(serial);
    expect(clientIdFor('abc', 'A1MPSLFC7L5AFK')).toBe(Buffer.from('abc#A1MPSLFC7L5AFK').toString('hex'));
  });
});

describe('challenge URL (docs/PLATFORM.md section 1.2)', () => {
  it('has exactly the documented parameters', () => {
    const challenge = createSignInChallenge(NA, DEFAULT_DEVICE_PROFILE, 'serial-1');
    const url = new URL(challenge.url);
    expect(url.origin + url.pathname).toBe('https://www.amazon.com/ap/signin');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'openid.oa2.response_type': 'code',
      'openid.oa2.code_challenge_method': 'S256',
      'openid.oa2.code_challenge': codeChallengeFor(challenge.codeVerifier),
      'openid.oa2.client_id': `device:${clientIdFor('serial-1', DEFAULT_DEVICE_PROFILE.deviceType)}`,
      'openid.oa2.scope': 'device_auth_access',
      'openid.return_to': 'https://www.amazon.com/ap/maplanding',
      'openid.mode': 'checkid_setup',
      'openid.assoc_handle': 'amzn_device_na',
      pageId: 'amzn_device_na',
    });
    expect(challenge.deviceSerial).toBe('serial-1');
  });

  it("uses the region's handle and a base URL's path prefix", () => {
    const challenge = createSignInChallenge({ ...NA, signIn: 'https://www.amazon.co.uk/', assocHandle: 'amzn_device_uk' }, DEFAULT_DEVICE_PROFILE, 's');
    const url = new URL(challenge.url);
    expect(url.pathname).toBe('/ap/signin');
    expect(url.searchParams.get('openid.assoc_handle')).toBe('amzn_device_uk');
    expect(url.searchParams.get('pageId')).toBe('amzn_device_uk');
    expect(url.searchParams.get('openid.return_to')).toBe('https://www.amazon.co.uk/ap/maplanding');
    expect(new URL(createSignInChallenge({ ...NA, signIn: 'http://proxy.local/na' }, DEFAULT_DEVICE_PROFILE, 's').url).pathname).toBe('/na/ap/signin');
  });
});

describe('landing URL (docs/PLATFORM.md section 1.3)', () => {
  const landing = 'https://www.amazon.com/ap/maplanding?openid.assoc_handle=amzn_device_na&openid.oa2.authorization_code=ANabcDEF123&openid.mode=id_res';

  it('reads the authorization code from the pasted landing URL', () => {
    expect(authorizationCodeFromLandingUrl(landing, NA)).toBe('ANabcDEF123');
    expect(authorizationCodeFromLandingUrl(`  ${landing}\n`, NA)).toBe('ANabcDEF123');
  });

  const wrong: [string, string][] = [
    ['another origin', landing.replace('www.amazon.com', 'evil.example')],
    ['another region', landing.replace('amazon.com', 'amazon.co.uk')],
    ['another path', landing.replace('/ap/maplanding', '/ap/signin')],
    ['no code', 'https://www.amazon.com/ap/maplanding?openid.mode=id_res'],
    ['an empty code', 'https://www.amazon.com/ap/maplanding?openid.oa2.authorization_code='],
    ['a code with odd characters', 'https://www.amazon.com/ap/maplanding?openid.oa2.authorization_code=AN%3Cscript%3E'],
    ['not a URL', 'ANabcDEF123'],
    ['empty', ''],
  ];
  for (const [name, pasted] of wrong) {
    it(`refuses ${name}`, () => {
      expect(authorizationCodeFromLandingUrl(pasted, NA)).toBeNull();
    });
  }
});

describe('sign-in against the simulator', () => {
  let platform: PlatformFixture;
  before(async () => {
    platform = await startPlatform();
  });
  after(() => platform.close());

  it('the simulator accepts the challenge URL and lands on a URL the adapter reads the code from', async () => {
    const challenge = createSignInChallenge(platform.client.endpoints, platform.client.device, newDeviceSerial());
    const landing = await signInAsDriver(challenge.url, 'driver@example.com');
    expect(new URL(landing).pathname).toBe('/ap/maplanding');
    expect(authorizationCodeFromLandingUrl(landing, platform.client.endpoints)).toMatch(/^AN[A-Za-z0-9]{18}$/);
  });
});
