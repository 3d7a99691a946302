/**
 * Every failure of the release registry, each with its stable code from the API's one table
 * (http/errorCodes.ts), so the CLI and CI can branch on it (docs/RELEASES.md "Errors"). The one
 * place these answers are built.
 */
import type { FieldErrors } from '@blockpilot/shared/types';
import type { ErrorCode } from '../../http/errorCodes.js';
import { refusal } from '../../http/errors.js';
import type { Mismatch } from './gate.js';

export const RELEASE_ERROR_CODES = {
  tokenRequired: 'BP_ERR_RELEASE_TOKEN_REQUIRED',
  tokenScope: 'BP_ERR_RELEASE_TOKEN_SCOPE',
  adminRequired: 'BP_ERR_RELEASE_ADMIN_REQUIRED',
  invalidBuild: 'BP_ERR_RELEASE_INVALID_BUILD',
  exists: 'BP_ERR_RELEASE_EXISTS',
  unknownRelease: 'BP_ERR_RELEASE_UNKNOWN',
  unknownRemote: 'BP_ERR_RELEASE_UNKNOWN_REMOTE',
  revisionConflict: 'BP_ERR_RELEASE_REVISION_CONFLICT',
  gateRefused: 'BP_ERR_RELEASE_GATE_REFUSED',
  nothingToRollBack: 'BP_ERR_RELEASE_NOTHING_TO_ROLL_BACK',
  unknownToken: 'BP_ERR_RELEASE_UNKNOWN_TOKEN',
  invalidPreview: 'BP_ERR_RELEASE_INVALID_PREVIEW',
  notOnChannel: 'BP_ERR_RELEASE_NOT_ON_CHANNEL',
  hostedChanged: 'BP_ERR_RELEASE_HOSTED_CHANGED',
} as const satisfies Record<string, ErrorCode>;
export type ReleaseErrorCode = (typeof RELEASE_ERROR_CODES)[keyof typeof RELEASE_ERROR_CODES];

/** The refusal of `code` (its status from the one table) with this message. */
const fail = (code: ReleaseErrorCode, message: string, body: Record<string, unknown> = {}, errors?: FieldErrors) =>
  // What a refusal says besides its message (the channel's revision, the gate's mismatches) goes in
  // the envelope's `data`, like any answer's payload (docs/ARCHITECTURE.md section 4).
  refusal(code, { message, ...(Object.keys(body).length ? { body: { data: body } } : {}), ...(errors ? { errors } : {}) });

export const releaseErrors = {
  tokenRequired: () => fail(RELEASE_ERROR_CODES.tokenRequired, 'A valid deploy token is required (Authorization: Bearer <token>).'),
  tokenScope: (remote: string) => fail(RELEASE_ERROR_CODES.tokenScope, `This deploy token may not change ${remote}.`),
  adminRequired: () =>
    fail(RELEASE_ERROR_CODES.adminRequired, 'Only the all-remote token (RELEASE_TOKEN) may manage deploy tokens here; admins manage them in the operator console.'),
  invalidBuild: (errors: FieldErrors) => fail(RELEASE_ERROR_CODES.invalidBuild, 'The build cannot be published.', {}, errors),
  exists: (remote: string, version: string, buildDigest: string) =>
    fail(RELEASE_ERROR_CODES.exists, `${remote} ${version} is already published; releases are immutable, publish a new version.`, { buildDigest }),
  unknownRelease: (remote: string, version: string) => fail(RELEASE_ERROR_CODES.unknownRelease, `${remote} has no release ${version}.`),
  unknownRemote: (remote: string) => fail(RELEASE_ERROR_CODES.unknownRemote, `There is no remote named ${remote}.`),
  revisionConflict: (channel: string, revision: number) =>
    fail(RELEASE_ERROR_CODES.revisionConflict, `${channel} moved (now at revision ${revision}); read it again and retry.`, { revision }),
  gateRefused: (mismatches: Mismatch[]) =>
    fail(RELEASE_ERROR_CODES.gateRefused, `Refused by the compatibility gate: ${mismatches.map((m) => m.message).join('; ')}.`, { mismatches }),
  nothingToRollBack: (channel: string, remote: string) => fail(RELEASE_ERROR_CODES.nothingToRollBack, `${channel} has no earlier release of ${remote} to roll back to.`),
  unknownToken: () => fail(RELEASE_ERROR_CODES.unknownToken, 'No such deploy token.'),
  invalidPreview: () => fail(RELEASE_ERROR_CODES.invalidPreview, 'This preview link is invalid or has expired.'),
  notOnChannel: (channel: string, remote: string) => fail(RELEASE_ERROR_CODES.notOnChannel, `${channel} serves no release of ${remote}; promote one there first.`),
  hostedChanged: (url: string, problem: string) =>
    fail(RELEASE_ERROR_CODES.hostedChanged, `The build hosted at ${url} is not the one registered (${problem}); register it again as a new version.`, { problem }),
};
