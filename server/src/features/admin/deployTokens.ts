/**
 * Deploy tokens in the operator console (docs/OPERATIONS.md "Deploy tokens", docs/RELEASES.md
 * "Tokens"): admins list, mint and revoke the release registry's per-remote tokens. A change is
 * written with both of its records in one transaction: the console's audit entry (who, which
 * token, why; never the token itself) and the registry's own audit log, where `history` and
 * `audit` show every token change whoever made it.
 */
import type { DeployToken, MintedDeployToken } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../domain/errors.js';
import type { AuthenticatedUser } from '../auth/authenticate.js';
import { listDeployTokens, mintDeployToken, revokeDeployToken, type DeployTokenInfo } from '../releases/deployTokens.js';
import { recordReleaseAudit } from '../releases/registry.js';
import { recordAudit } from './audit.js';
import { actorOf } from './roles.js';
import { writtenText } from './writtenText.js';

/** How an admin is named where the registry records who acted (`created_by`, its audit log). */
export const adminDeployer = (operator: AuthenticatedUser) => `admin:${operator.row.email}`;

function tokenOf(info: DeployTokenInfo): DeployToken {
  return {
    id: info.id,
    label: info.label,
    remote: info.remote,
    createdBy: info.createdBy,
    createdAt: Date.parse(info.createdAt),
    revokedAt: info.revokedAt === null ? null : Date.parse(info.revokedAt),
  };
}

/** Every deploy token, newest first, revoked ones included (never their secrets). */
export async function listTokens(ctx: AppContext): Promise<DeployToken[]> {
  return (await listDeployTokens(ctx.db)).map(tokenOf);
}

/** A new token acting on `remote` only, answered with its secret this once. */
export async function mintToken(ctx: AppContext, operator: AuthenticatedUser, input: { label: string; remote: string }): Promise<MintedDeployToken> {
  const { label } = writtenText({ label: input.label }, { label: 'api.field.nameTheToken' });
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { token, ...minted } = await mintDeployToken(trx, adminDeployer(operator), label, input.remote, now);
    await recordAudit(trx, actorOf(operator), { action: 'deployToken.mint', subject: `deployToken:${minted.id}`, after: { label, remote: minted.remote } }, now);
    await recordReleaseAudit(trx, now, { actor: adminDeployer(operator), action: 'token-mint', remote: minted.remote, detail: { tokenId: minted.id, label } });
    return { ...tokenOf(minted), token };
  });
}

/** Revokes a token at once (every request after this one is refused); 409 when it already was. */
export async function revokeToken(ctx: AppContext, operator: AuthenticatedUser, id: string, reason: string): Promise<DeployToken> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const result = await revokeDeployToken(trx, id, now);
    if (!result) throw notFound('api.error.noSuchDeployToken');
    if (!result.revoked) throw conflict('api.error.tokenAlreadyRevoked');
    const token = tokenOf(result);
    await recordAudit(
      trx,
      actorOf(operator),
      {
        action: 'deployToken.revoke',
        subject: `deployToken:${id}`,
        reason,
        before: { label: token.label, remote: token.remote, revokedAt: null },
        after: { revokedAt: token.revokedAt },
      },
      now,
    );
    await recordReleaseAudit(trx, now, { actor: adminDeployer(operator), action: 'token-revoke', remote: token.remote, reason, detail: { tokenId: id, label: token.label } });
    return token;
  });
}
