/**
 * Every failure of the release registry, each with its stable code from the API's one table
 * (domain/errors.ts), so the CLI and CI can branch on it (docs/RELEASES.md "Errors"). The one
 * place these answers are built.
 */
import { refusal, type ErrorCode, type FieldWords } from '../../domain/errors.js';
import type { MessageKey, MessageValues } from '../../domain/translate.js';
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
  filesChanged: 'BP_ERR_RELEASE_FILES_CHANGED',
  notAssigned: 'BP_ERR_RELEASE_NOT_ASSIGNED',
} as const satisfies Record<string, ErrorCode>;
export type ReleaseErrorCode = (typeof RELEASE_ERROR_CODES)[keyof typeof RELEASE_ERROR_CODES];

/** The refusal of `code` (its status from the one table) with these words. */
const fail = (code: ReleaseErrorCode, key: MessageKey, values: MessageValues = {}, data: Record<string, unknown> = {}, errors?: FieldWords) =>
  // What a refusal says besides its words (the channel's revision, the gate's mismatches) goes in
  // the envelope's `data`, like any answer's payload (docs/ARCHITECTURE.md section 4).
  refusal(code, { words: { key, values }, ...(Object.keys(data).length ? { payload: { data } } : {}), ...(errors ? { errors } : {}) });

export const releaseErrors = {
  tokenRequired: () => fail(RELEASE_ERROR_CODES.tokenRequired, 'api.release.tokenRequired'),
  tokenScope: (remote: string) => fail(RELEASE_ERROR_CODES.tokenScope, 'api.release.tokenScope', { remote }),
  adminRequired: () => fail(RELEASE_ERROR_CODES.adminRequired, 'api.release.adminRequired'),
  invalidBuild: (errors: FieldWords) => fail(RELEASE_ERROR_CODES.invalidBuild, 'api.error.BP_ERR_RELEASE_INVALID_BUILD', {}, {}, errors),
  exists: (remote: string, version: string, buildDigest: string) => fail(RELEASE_ERROR_CODES.exists, 'api.release.exists', { remote, version }, { buildDigest }),
  unknownRelease: (remote: string, version: string) => fail(RELEASE_ERROR_CODES.unknownRelease, 'api.release.unknownRelease', { remote, version }),
  unknownRemote: (remote: string) => fail(RELEASE_ERROR_CODES.unknownRemote, 'api.release.unknownRemote', { remote }),
  /**
   * The channel is not at a revision the caller may move from: `moved` says which remote moved
   * since the revision the caller read (`expected`) and what is live for it now (its entry in `status`).
   */
  revisionConflict: <Live extends { release: { version: string } }>(channel: string, revision: number, moved?: { remote: string; expected: number; live: Live }) =>
    moved
      ? fail(
          RELEASE_ERROR_CODES.revisionConflict,
          'api.release.remoteMoved',
          { channel, revision: String(revision), remote: moved.remote, expected: String(moved.expected), version: moved.live.release.version },
          { revision, remote: moved.remote, live: moved.live },
        )
      : fail(RELEASE_ERROR_CODES.revisionConflict, 'api.release.revisionConflict', { channel, revision: String(revision) }, { revision }),
  // The mismatches name modules and versions; they are the gate's own record, sent as they are.
  gateRefused: (mismatches: Mismatch[]) =>
    fail(RELEASE_ERROR_CODES.gateRefused, 'api.release.gateRefused', { mismatches: mismatches.map((m) => m.message).join('; ') }, { mismatches }),
  nothingToRollBack: (channel: string, remote: string) => fail(RELEASE_ERROR_CODES.nothingToRollBack, 'api.release.nothingToRollBack', { channel, remote }),
  unknownToken: () => fail(RELEASE_ERROR_CODES.unknownToken, 'api.error.BP_ERR_RELEASE_UNKNOWN_TOKEN'),
  invalidPreview: () => fail(RELEASE_ERROR_CODES.invalidPreview, 'api.error.BP_ERR_RELEASE_INVALID_PREVIEW'),
  notOnChannel: (channel: string, remote: string) => fail(RELEASE_ERROR_CODES.notOnChannel, 'api.release.notOnChannel', { channel, remote }),
  /** Files of an uploaded release no longer whole in the store (storedFilesCheck.ts): it may not go live. */
  filesChanged: (remote: string, version: string, files: string[]) =>
    fail(RELEASE_ERROR_CODES.filesChanged, 'api.release.filesChanged', { remote, version, files: files.join(', ') }, { files }),
  hostedChanged: (url: string, problem: string) => fail(RELEASE_ERROR_CODES.hostedChanged, 'api.release.hostedChanged', { url, problem }, { problem }),
  notAssigned: () => fail(RELEASE_ERROR_CODES.notAssigned, 'api.error.BP_ERR_RELEASE_NOT_ASSIGNED'),
};
