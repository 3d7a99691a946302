/** The remote list for one request: its signed-in user (for canaries) and its preview link, if any. */
import type { FastifyRequest } from 'fastify';
import { RELEASE_PREVIEW_HEADER } from '@blockpilot/shared/constants';
import type { RemotesManifest } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { bearerTokenOf } from '../../http/bearerToken.js';
import { resolveToken } from '../auth/tokens.js';
import { resolveRemoteList } from './remoteList.js';

export async function remoteListFor(ctx: AppContext, request: FastifyRequest): Promise<RemotesManifest> {
  const now = ctx.clock.now();
  const token = bearerTokenOf(request);
  const user = token ? await resolveToken(ctx.db, token, 'access', now) : null;
  const preview = request.headers[RELEASE_PREVIEW_HEADER];
  return resolveRemoteList(
    { db: ctx.db, config: ctx.config, tokenCipher: ctx.tokenCipher, assignmentKey: ctx.linkSigningKey, now },
    { user: user ? { id: user.id, email: user.email } : null, preview: typeof preview === 'string' && preview ? preview : null },
  );
}
