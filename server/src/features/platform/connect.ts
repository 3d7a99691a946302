/**
 * Connecting a platform account (docs/PRODUCT.md section 7, docs/PLATFORM.md section 1). The driver signs in on
 * the platform's own page, never here:
 * - without a pasted URL, the call fails on purpose with a fresh `challenge_session`
 *   { challenge_url, code_verifier } (docs/PRODUCT.md section 8: the first call's failure is expected);
 * - with the URL of the "Looking for Something?" page and the verifier, the code in the URL is
 *   exchanged (register), the tokens are sealed and stored, and the driver is connected.
 * The e-mail + password (+ one-time code) form of the call is accepted, but the product does not
 * take the platform password or script the platform's sign-in: it is answered with a challenge
 * session and a message saying to sign in on the platform's page. The password is never stored.
 */
import type { ConnectAccountRequest } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { authorizationCodeFromLandingUrl } from '../../adapters/platform/signIn.js';
import { conflict, DomainError, refusal, validationError } from '../../domain/errors.js';
import type { Words } from '../../domain/translate.js';
import type { UserRow } from '../auth/tokens.js';
import { REGIONS } from '../../domain/regions.js';
import { PlatformAccountTakenError, saveConnection } from '../../domain/platformAccounts.js';
import { deleteChallenge, findChallenge, issueChallenge } from './challenges.js';
import { platformUnavailable } from './errors.js';

/** The alert for the e-mail + password form. */
export const PASSWORD_NOT_TAKEN = 'api.error.platformPasswordNotTaken';
export const PASTE_THE_URL = 'api.field.platformPasteTheUrl';
const NOT_A_LANDING_URL = 'api.field.platformNotALandingUrl';
const CHALLENGE_GONE = 'api.field.platformChallengeGone';
/** The platform account already backs another BlockPilot account (docs/SECURITY.md "Free credit"). */
export const ACCOUNT_TAKEN = 'api.error.platformAccountTaken';
const CODE_REFUSED = 'api.field.platformCodeRefused';

/** The expected failure of the first call: no message to show, only the challenge to open. */
async function challengeFailure(ctx: AppContext, user: UserRow, words: Words | null): Promise<DomainError> {
  const region = REGIONS[user.country_code].platformRegion;
  const challenge = await issueChallenge(ctx.db, ctx.platform.client(region), user.id, region, ctx.clock.now());
  return refusal('BP_ERR_PLATFORM_CHALLENGE', { words, payload: { challenge_session: { challenge_url: challenge.url, code_verifier: challenge.codeVerifier } } });
}

/** Connects the driver's account from the pasted landing URL, or throws the answer to give. */
export async function connectAccount(ctx: AppContext, user: UserRow, body: ConnectAccountRequest): Promise<void> {
  const pasted = body.challenge_response?.trim() ?? '';
  // Done pressed with the box empty: say what to paste, instead of starting a new sign-in.
  if (pasted === '' && body.code_verifier) throw validationError({ challenge_response: PASTE_THE_URL });
  if (pasted === '') {
    const triedPassword = Boolean(body.emailAddress || body.password || body.otp);
    throw await challengeFailure(ctx, user, triedPassword ? PASSWORD_NOT_TAKEN : null);
  }
  const now = ctx.clock.now();
  const challenge = body.code_verifier ? await findChallenge(ctx.db, user.id, body.code_verifier, now) : null;
  if (!challenge) throw validationError({ challenge_response: CHALLENGE_GONE });
  const client = ctx.platform.client(challenge.region);
  const code = authorizationCodeFromLandingUrl(pasted, client.endpoints);
  if (!code) throw validationError({ challenge_response: NOT_A_LANDING_URL });

  const registered = await client.register({ authorizationCode: code, codeVerifier: body.code_verifier!, deviceSerial: challenge.deviceSerial });
  if (!registered.ok) {
    if (registered.kind === 'invalidAuthorizationCode') throw validationError({ challenge_response: CODE_REFUSED });
    ctx.log.warn({ userId: user.id, failure: registered }, 'platform register failed');
    throw platformUnavailable();
  }
  try {
    await saveConnection(ctx.db, ctx.tokenCipher, { userId: user.id, region: challenge.region, deviceSerial: challenge.deviceSerial, device: registered.value });
  } catch (error) {
    if (error instanceof PlatformAccountTakenError) throw conflict(ACCOUNT_TAKEN, 'BP_ERR_PLATFORM_ACCOUNT_TAKEN');
    throw error;
  }
  await deleteChallenge(ctx.db, challenge.verifierHash);
  // A search running on the previous connection would soon be refused: restart it on the new one.
  if (await ctx.search.has(user.id)) {
    await ctx.search.stop(user.id);
    ctx.search.start(user.id);
  }
}
