/**
 * The release registry's routes (docs/RELEASES.md): the deploy API under /api/releases (deploy
 * tokens), the browser's load reports, and each release's files at their immutable URLs under
 * /releases/, served only while they match the integrity recorded at publish.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import semver from 'semver';
import { RELEASE_FILES_PATH } from '@blockpilot/shared/constants';
import { createHostedFileReader } from '../../adapters/releaseStore/hostedFiles.js';
import { createReleaseFileStore } from '../../adapters/releaseStore/index.js';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { validationError } from '../../domain/errors.js';
import { translate, translateWords } from '../../domain/translate.js';
import { nothingAt } from '../../http/errorHandler.js';
import { deployTokenAuth, nullData, responses } from '../../http/schemas.js';
import { bearerTokenOf } from '../../http/bearerToken.js';
import { enforceRateLimits, RATE_LIMITS } from '../../http/rateLimits.js';
import { currentUser } from '../auth/authenticate.js';
import { IMMUTABLE } from '../frontend/cachePolicy.js';
import { assertAdmin, assertMayChange, deployActorFor, listDeployTokens, mintDeployToken, revokeDeployToken } from './deployTokens.js';
import { releaseErrors } from './errors.js';
import { RELEASE_FILE_HEADERS, servedType } from './fileTypes.js';
import { createRegistry, type DeployActor, type ReleaseRegistry } from './registry.js';
import { signPreview, type PreviewGrant } from './remoteList.js';
import { createCanaryGuard, loadFailureOf, releaseHealth, withReleaseHealth } from './loadReports.js';
import { runCanarySchedules } from './canarySchedule.js';
import { canaryScheduleRules } from './canarySteps.js';
import { tellTeamOfCanaryRollback } from './teamNotice.js';
import {
  auditSchema,
  channelParams,
  channelSchema,
  channelPreviewLinkBody,
  hostedBody,
  loadReportBody,
  mintReleaseTokenBody,
  moveSchema,
  previewLinkBody,
  previewLinkSchema,
  promoteBody,
  publishBody,
  releaseAuditQuery,
  releaseListQuery,
  releaseParams,
  releaseSchema,
  rollbackBody,
  tokenParams,
  tokenSchema,
} from '@blockpilot/shared/api/schemas';

/** A whole build in one request (base64 of about 1-2 MB per remote today). */
const PUBLISH_BODY_LIMIT = 64 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    deployer: DeployActor | null;
  }
}

const tags = ['releases'];

/** The audit's `?limit=` (text the schema checked: 1 to 500), 100 when left out. */
const auditLimitOf = (query: { limit?: string }) => Number(query.limit ?? 100);

export function createReleaseRegistry(ctx: AppContext): ReleaseRegistry {
  return createRegistry({
    db: ctx.db,
    files: createReleaseFileStore(ctx.config.releases),
    readHosted: createHostedFileReader(),
    clock: ctx.clock,
    config: ctx.config.releases,
    shellDir: ctx.config.frontend.shellDir,
    canaryHealth: async (executor, channel, releaseId) => (await releaseHealth(executor, channel, [releaseId])).get(releaseId)!,
  });
}

export async function releaseRoutes(fastify: FastifyInstance, { ctx, registry }: { ctx: AppContext; registry: ReleaseRegistry }): Promise<void> {
  const app = contractRoutes(fastify);
  /** When a preview link asked for now ends: after `hours`, or RELEASE_PREVIEW_LINK_HOURS. */
  const previewExpiry = (hours: number | undefined) => new Date(ctx.clock.now().getTime() + (hours ? hours * 3_600_000 : ctx.config.releases.previewLinkTtlMs)).toISOString();
  /** The link a grant opens (docs/RELEASES.md "Preview links"). */
  const previewLink = (grant: PreviewGrant) => ({
    url: `${ctx.config.publicUrl}/?releasePreview=${encodeURIComponent(signPreview(ctx.tokenCipher, grant))}`,
    expiresAt: grant.expiresAt,
  });
  // Stepped canaries move on from every instance (docs/RELEASES.md "Canary"); stopped before the files close.
  let stopSchedules: () => Promise<void> = async () => undefined;
  app.addHook('onReady', async () => {
    stopSchedules = runCanarySchedules(registry.advanceCanarySchedules, ctx.log);
  });
  app.addHook('onClose', () => stopSchedules());
  app.addHook('onClose', () => registry.closeFiles());
  const canaryGuard = createCanaryGuard({
    db: ctx.db,
    clock: ctx.clock,
    policy: ctx.config.releases.canary,
    assignmentKey: ctx.linkSigningKey,
    rollback: registry.rollback,
    onRolledBack: (event) => tellTeamOfCanaryRollback(ctx, event),
  });
  app.decorateRequest('deployer', null);
  const requireDeployer = async (request: FastifyRequest) => {
    request.deployer = await deployActorFor(ctx.db, ctx.config.releases.token, bearerTokenOf(request));
    if (!request.deployer) throw releaseErrors.tokenRequired();
  };
  const deployer = (request: FastifyRequest): DeployActor => {
    if (!request.deployer) throw releaseErrors.tokenRequired();
    return request.deployer;
  };
  const guarded = { onRequest: requireDeployer };
  const checkVersion = (version: string) => {
    if (semver.valid(version) !== version) throw validationError({ version: 'api.release.notSemver' });
  };
  /** A forced move must say why: the reason is what the audit log keeps for it. */
  const checkForce = (body: { force?: boolean; reason?: string }) => {
    if (body.force && !body.reason?.trim()) throw validationError({ reason: 'api.release.forceNeedsReason' }, 'api.release.forceNeedsReason');
  };

  app.put(
    '/api/releases/:remote/:version',
    {
      ...guarded,
      bodyLimit: PUBLISH_BODY_LIMIT,
      schema: {
        tags,
        summary: "Publish an immutable release: the build's files, with the sha384 of each",
        security: deployTokenAuth,
        params: releaseParams,
        body: publishBody,
        response: responses(releaseSchema, [400, 401, 403, 409]),
      },
    },
    async (request) => {
      const { remote, version } = request.params;
      assertMayChange(deployer(request), remote);
      checkVersion(version);
      return ok(await registry.publish(deployer(request), remote, { version, gitCommit: request.body.gitCommit, files: request.body.files }), {
        alert: translate(request.language, 'api.release.published', { remote, version }),
      });
    },
  );

  app.put(
    '/api/releases/:remote/:version/hosted',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Register a release hosted elsewhere by the URL of its mf-manifest.json (on RELEASE_HOSTED_ORIGINS): read, checked and recorded, not stored',
        security: deployTokenAuth,
        params: releaseParams,
        body: hostedBody,
        response: responses(releaseSchema, [400, 401, 403, 409]),
      },
    },
    async (request) => {
      const { remote, version } = request.params;
      assertMayChange(deployer(request), remote);
      checkVersion(version);
      return ok(await registry.registerHosted(deployer(request), remote, { version, url: request.body.url, gitCommit: request.body.gitCommit }), {
        alert: translate(request.language, 'api.release.registered', { remote, version, url: request.body.url }),
      });
    },
  );

  app.get(
    '/api/releases',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Releases, newest first',
        security: deployTokenAuth,
        querystring: releaseListQuery,
        response: responses({ type: 'array', items: releaseSchema }, [400, 401]),
      },
    },
    async (request) => ok(await registry.list(request.query.remote)),
  );

  app.get(
    '/api/releases/:remote/:version',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'One release with its files and their integrity',
        security: deployTokenAuth,
        params: releaseParams,
        response: responses(releaseSchema, [400, 401, 404]),
      },
    },
    async (request) => ok(await registry.get(request.params.remote, request.params.version)),
  );

  app.get(
    '/api/releases/channels',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Every channel: its revision, which release of each remote it serves, and each release's load votes there",
        security: deployTokenAuth,
        response: responses({ type: 'array', items: channelSchema }, [401]),
      },
    },
    async () => ok(await withReleaseHealth(ctx.db, ctx.config.releases.canary, await registry.status())),
  );

  app.get(
    '/api/releases/channels/:channel/history',
    {
      ...guarded,
      schema: {
        tags,
        summary: "The channel's moves, newest first",
        security: deployTokenAuth,
        params: channelParams,
        querystring: releaseAuditQuery,
        response: responses({ type: 'array', items: auditSchema }, [400, 401]),
      },
    },
    async (request) => ok(await registry.auditLog({ channel: request.params.channel, remote: request.query.remote, limit: auditLimitOf(request.query), movesOnly: true })),
  );

  app.post(
    '/api/releases/channels/:channel/promote',
    {
      ...guarded,
      config: { fieldRules: canaryScheduleRules },
      schema: {
        tags,
        summary:
          'Put a release live on a channel (or as a canary, stepped or not), if its files are whole and the compatibility gate passes; refused if the remote moved after expectedRevision',
        security: deployTokenAuth,
        params: channelParams,
        body: promoteBody,
        response: responses(moveSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      assertMayChange(deployer(request), request.body.remote);
      checkForce(request.body);
      const result = await registry.promote(deployer(request), request.params.channel, request.body);
      return ok(result, {
        alert:
          result.action === 'unchanged'
            ? translate(request.language, 'api.release.alreadyLive', { remote: result.remote, version: result.version, channel: result.channel })
            : translate(request.language, 'api.release.live', { remote: result.remote, version: result.version, channel: result.channel, action: result.action }),
      });
    },
  );

  app.post(
    '/api/releases/channels/:channel/rollback',
    {
      ...guarded,
      schema: {
        tags,
        summary: "End the remote's canary, or return it to the release live before the current one",
        security: deployTokenAuth,
        params: channelParams,
        body: rollbackBody,
        response: responses(moveSchema, [400, 401, 403, 409]),
      },
    },
    async (request) => {
      assertMayChange(deployer(request), request.body.remote);
      checkForce(request.body);
      const result = await registry.rollback(deployer(request), request.params.channel, request.body);
      return ok(result, { alert: translate(request.language, 'api.release.rolledBack', { remote: result.remote, version: result.version, channel: result.channel }) });
    },
  );

  app.get(
    '/api/releases/audit',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The append-only audit log, newest first',
        security: deployTokenAuth,
        querystring: releaseAuditQuery,
        response: responses({ type: 'array', items: auditSchema }, [400, 401]),
      },
    },
    async (request) => ok(await registry.auditLog({ remote: request.query.remote, channel: request.query.channel, limit: auditLimitOf(request.query) })),
  );

  app.post(
    '/api/releases/:remote/:version/previewLink',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'A signed, expiring link that opens the app with this release swapped in, for one browser',
        security: deployTokenAuth,
        params: releaseParams,
        body: previewLinkBody,
        response: responses(previewLinkSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const actor = deployer(request);
      const { remote, version } = request.params;
      assertMayChange(actor, remote);
      const release = await registry.get(remote, version);
      const expiresAt = previewExpiry(request.body?.hours);
      await registry.audit({ actor: actor.name, action: 'preview-link', remote, toReleaseId: release.id, detail: { version, expiresAt } });
      return ok(previewLink({ remote, releaseId: release.id, expiresAt }));
    },
  );

  app.post(
    '/api/releases/channels/:channel/previewLink',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'A signed, expiring link that opens the app with one remote swapped for whatever release of it this channel serves when the page loads, for one browser',
        security: deployTokenAuth,
        params: channelParams,
        body: channelPreviewLinkBody,
        response: responses(previewLinkSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const actor = deployer(request);
      const { channel } = request.params;
      const { remote, hours } = request.body;
      assertMayChange(actor, remote);
      // A link to a channel that serves nothing of the remote would only ever say "invalid".
      const entry = (await registry.channelStatus(channel))?.entries.find((e) => e.remote === remote);
      if (!entry) throw releaseErrors.notOnChannel(channel, remote);
      const expiresAt = previewExpiry(hours);
      await registry.audit({
        actor: actor.name,
        action: 'preview-link',
        channel,
        remote,
        toReleaseId: entry.release.id,
        detail: { channel, version: entry.release.version, expiresAt },
      });
      return ok(previewLink({ remote, channel, expiresAt }));
    },
  );

  app.get(
    '/api/releases/tokens',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Deploy tokens (never the tokens themselves); RELEASE_TOKEN only',
        security: deployTokenAuth,
        response: responses({ type: 'array', items: tokenSchema }, [401, 403]),
      },
    },
    async (request) => {
      assertAdmin(deployer(request));
      return ok(await listDeployTokens(ctx.db));
    },
  );

  app.post(
    '/api/releases/tokens',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Mint a deploy token for one remote (shown once); RELEASE_TOKEN only',
        security: deployTokenAuth,
        body: mintReleaseTokenBody,
        response: responses(tokenSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const actor = deployer(request);
      assertAdmin(actor);
      const minted = await mintDeployToken(ctx.db, actor.name, request.body.label, request.body.remote, ctx.clock.now());
      await registry.audit({ actor: actor.name, action: 'token-mint', remote: minted.remote, detail: { tokenId: minted.id, label: minted.label } });
      return ok(minted, { alert: translate(request.language, 'api.alert.copyTokenNow') });
    },
  );

  app.delete(
    '/api/releases/tokens/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Revoke a deploy token; repeating it is harmless; RELEASE_TOKEN only',
        security: deployTokenAuth,
        params: tokenParams,
        response: responses(tokenSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const actor = deployer(request);
      assertAdmin(actor);
      const result = await revokeDeployToken(ctx.db, request.params.id, ctx.clock.now());
      if (!result) throw releaseErrors.unknownToken();
      const { revoked, ...token } = result;
      if (revoked) await registry.audit({ actor: actor.name, action: 'token-revoke', remote: token.remote, detail: { tokenId: token.id, label: token.label } });
      return ok(token);
    },
  );

  app.post(
    '/api/releases/loadReports',
    {
      onRequest: app.identifyUser,
      schema: {
        tags,
        summary: 'The shell votes on a release it was assigned: it rendered, or it failed and how (a failing canary is rolled back)',
        body: loadReportBody,
        response: responses(nullData, [400, 401, 403, 429]),
      },
    },
    async (request) => {
      // docs/RELEASES.md "Canary": the address first, so reports without a session are limited too.
      await enforceRateLimits(ctx.rateLimiter, [[`load-reports:${request.ip}`, RATE_LIMITS.loadReportsPerAddress]]);
      const user = currentUser(request);
      await enforceRateLimits(ctx.rateLimiter, [[`load-reports:${user.id}`, RATE_LIMITS.loadReportsPerUser]]);
      const { releaseId, assignment } = request.body;
      await canaryGuard.vote({ userId: user.id, releaseId, channel: ctx.config.releases.channel, assignment, failure: loadFailureOf(request.body) });
      return ok(null);
    },
  );

  const sendFile = releaseFileSender(registry);
  app.get(`${RELEASE_FILES_PATH}:remote/:version/*`, { schema: { hide: true } }, sendFile);
}

type FileParams = { remote: string; version: string; '*': string };
const MAX_CACHED_INDEXES = 200;

/** Serves release files; keeps the file lists of recent releases (a release never changes, so they need no invalidation). */
function releaseFileSender(registry: ReleaseRegistry) {
  const fileIndexes = new Map<string, Map<string, string>>();
  return async (request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply) => {
    const { remote, version } = request.params;
    const file = request.params['*'];
    const key = `${remote}/${version}`;
    let index = fileIndexes.get(key) ?? null;
    if (!index) {
      index = await registry.fileIndex(remote, version);
      if (index) {
        if (fileIndexes.size >= MAX_CACHED_INDEXES) fileIndexes.delete(fileIndexes.keys().next().value!);
        fileIndexes.set(key, index);
      }
    }
    const integrity = index?.get(file);
    // A file with no type to serve it as is kept but never sent at its own URL: a precompressed copy
    // goes out only as its file's encoding, and the prerendered page only inside the shell's page (fileTypes.ts).
    const type = servedType(file);
    if (!index || !integrity || !type) return reply.status(404).send({ alert: translateWords(request.language, nothingAt(request)) });
    reply.headers(RELEASE_FILE_HEADERS).header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin').header('Vary', 'Accept-Encoding');
    const etag = `"${integrity}"`;
    if (request.headers['if-none-match'] === etag) return reply.status(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send();
    // A precompressed sibling uploaded with the build, when the browser takes it.
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = (/\bbr\b/.test(accepted) && index.has(`${file}.br`) && 'br') || (/\bgzip\b/.test(accepted) && index.has(`${file}.gz`) && 'gzip') || null;
    const sentIntegrity = encoding ? index.get(`${file}.${encoding === 'br' ? 'br' : 'gz'}`)! : integrity;
    let bytes: Buffer | null;
    try {
      bytes = await registry.readVerified(sentIntegrity);
    } catch (error) {
      // The store could not be read (a bucket out of reach): nothing is sent that was not checked.
      request.log.error({ err: error, remote, version, file }, 'the release file store could not be read');
      return reply
        .status(503)
        .header('Cache-Control', 'no-store')
        .send({ alert: translate(request.language, 'api.release.fileUnreadable') });
    }
    if (!bytes) {
      // Fail closed: a file missing from the store or changed since publish is never sent.
      request.log.error({ remote, version, file, integrity: sentIntegrity }, 'a release file is missing or fails its integrity check; not served');
      return reply
        .status(503)
        .header('Cache-Control', 'no-store')
        .send({ alert: translate(request.language, 'api.release.fileCorrupt') });
    }
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .header('Cache-Control', IMMUTABLE)
      .header('ETag', etag)
      .header('Repr-Digest', `sha-384=:${integrity.slice('sha384-'.length)}:`)
      .type(type)
      .send(bytes);
  };
}
