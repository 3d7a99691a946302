/**
 * Releases in the operator console (docs/OPERATIONS.md "Releases", docs/RELEASES.md): admins see
 * what every channel serves (each remote's stable release and canary) with the channel's recent
 * moves, and roll a remote back or end its canary, each with a reason. A move goes through the
 * registry as the CLI's do (the compatibility gate, the channel's compare-and-swap on the
 * revision the screen showed, the registry's audit log with actor `admin:<e-mail>` in the move's
 * transaction) and is written to the console's audit log once it is made.
 */
import { CONSOLE_HISTORY_MOVES } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import type { AuthenticatedUser } from '../auth/authenticate.js';
import { withReleaseHealth } from '../releases/loadReports.js';
import type { ChannelMoveResult, DeployActor, ReleaseRegistry, RollbackInput } from '../releases/registry.js';
import { recordAudit } from './audit.js';
import { adminDeployer } from './deployTokens.js';
import { actorOf } from './roles.js';
import { writtenText } from './writtenText.js';

/** The console's two moves, as its audit log names them. */
export type ConsoleMove = 'release.rollback' | 'release.abortCanary';

/** An admin acting on the registry, named as deploy tokens name them, on every remote. */
const deployerOf = (operator: AuthenticatedUser): DeployActor => ({ name: adminDeployer(operator), scope: '*' });

/**
 * Every channel as the registry's `status` has it now, with each release's votes and the guard's
 * verdict on each canary (docs/RELEASES.md "Canary"), and its latest moves. Data about no driver:
 * the read is not recorded (docs/OPERATIONS.md "Audit").
 */
export async function consoleChannels(ctx: AppContext, registry: ReleaseRegistry) {
  const channels = await withReleaseHealth(ctx.db, ctx.config.releases.canary, await registry.status());
  return Promise.all(channels.map(async (channel) => ({ ...channel, history: await registry.auditLog({ channel: channel.name, movesOnly: true, limit: CONSOLE_HISTORY_MOVES }) })));
}

/**
 * Rolls back (`onlyCanary`: ends that canary only) with the operator's reason, which must be
 * words (a blank one is a 400 under `reason` and nothing moves), then writes the console's entry.
 */
export async function consoleMove(
  ctx: AppContext,
  registry: ReleaseRegistry,
  operator: AuthenticatedUser,
  channel: string,
  action: ConsoleMove,
  input: RollbackInput & { reason: string },
): Promise<ChannelMoveResult> {
  const { reason } = writtenText({ reason: input.reason }, { reason: 'api.field.sayWhy' });
  const result = await registry.rollback(deployerOf(operator), channel, { ...input, reason });
  await recordAudit(
    ctx.db,
    actorOf(operator),
    {
      action,
      subject: `release:${channel}/${result.remote}`,
      reason,
      before: { version: result.fromVersion, revision: input.expectedRevision },
      after: { version: result.version, revision: result.revision, move: result.action },
    },
    ctx.clock.now(),
  );
  return result;
}
