/**
 * The OpenID + PKCE parameters of a device sign-in (docs/PLATFORM.md section 1, step 2), checked once
 * here for both the page (GET) and its form (POST, where they come back as hidden fields).
 */
import { isCodeChallenge } from './pkce.js';

/** The exact values the platform expects. */
const FIXED: Record<string, string> = {
  'openid.oa2.response_type': 'code',
  'openid.oa2.code_challenge_method': 'S256',
  'openid.oa2.scope': 'device_auth_access',
  'openid.mode': 'checkid_setup',
};
const REQUIRED = ['openid.oa2.code_challenge', 'openid.oa2.client_id', 'openid.return_to', 'openid.assoc_handle', 'pageId'];
const CLIENT_ID_PREFIX = 'device:';

export interface SignInRequest {
  /** Every openid.* field and pageId, to carry through the form. */
  params: Record<string, string>;
  codeChallenge: string;
  /** client_id without "device:", as /auth/register sends it. */
  clientId: string;
  returnTo: URL;
}

/** The fields a sign-in carries: openid.* and pageId, as strings. */
export function pickSignInFields(input: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if ((key.startsWith('openid.') || key === 'pageId') && typeof value === 'string') params[key] = value;
  }
  return params;
}

export function parseSignInRequest(input: Record<string, unknown>): SignInRequest | { error: string } {
  const params = pickSignInFields(input);
  for (const [key, value] of Object.entries(FIXED)) {
    if (params[key] !== value) return { error: `${key} must be ${value}` };
  }
  for (const key of REQUIRED) {
    if (!params[key]) return { error: `${key} is required` };
  }
  const codeChallenge = params['openid.oa2.code_challenge'] as string;
  if (!isCodeChallenge(codeChallenge)) return { error: 'openid.oa2.code_challenge must be a base64url SHA-256 digest' };
  const clientId = params['openid.oa2.client_id'] as string;
  if (!clientId.startsWith(CLIENT_ID_PREFIX) || clientId.length === CLIENT_ID_PREFIX.length) {
    return { error: 'openid.oa2.client_id must be device:<client id>' };
  }
  let returnTo: URL;
  try {
    returnTo = new URL(params['openid.return_to'] as string);
  } catch {
    return { error: 'openid.return_to must be a URL' };
  }
  if (!/^https?:$/.test(returnTo.protocol) || returnTo.pathname !== '/ap/maplanding') {
    return { error: 'openid.return_to must be <origin>/ap/maplanding' };
  }
  return { params, codeChallenge, clientId: stripDevicePrefix(clientId), returnTo };
}

/** The register call sends the bare client id; the sign-in sends "device:<id>". Compare bare. */
export function stripDevicePrefix(clientId: string): string {
  return clientId.startsWith(CLIENT_ID_PREFIX) ? clientId.slice(CLIENT_ID_PREFIX.length) : clientId;
}

/** The landing URL, with the platform's id_res fields and the authorization code. */
export function landingUrl(request: SignInRequest, code: string): string {
  const url = new URL(request.returnTo);
  const p = request.params;
  const fields: Record<string, string> = {
    'openid.assoc_handle': p['openid.assoc_handle'] ?? '',
    'openid.claimed_id': 'https://www.amazon.com/ap/id/simulated',
    'openid.identity': 'https://www.amazon.com/ap/id/simulated',
    'openid.mode': 'id_res',
    'openid.ns': 'http://specs.openid.net/auth/2.0',
    'openid.oa2.authorization_code': code,
    'openid.oa2.scope': p['openid.oa2.scope'] ?? '',
    'openid.return_to': request.returnTo.toString(),
  };
  for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
  return url.toString();
}
