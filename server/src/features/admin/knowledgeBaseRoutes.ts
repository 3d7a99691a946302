/**
 * The knowledge base (docs/OPERATIONS.md "Knowledge base"): support reads, admins edit. Registered
 * inside the admin plugin (routes.ts), whose session and role checks run first.
 */
import type { FastifyInstance } from 'fastify';
import { articleBody, articleOrderBody, byArticleId, knowledgeBaseArticleSchema } from '@blockpilot/shared/api/schemas';
import { translate } from '../../domain/translate.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { createArticle, deleteArticle, listArticles, reorderArticles, updateArticle } from './knowledgeBase.js';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { ADMIN_ONLY, SUPPORT_AND_ADMIN, tags } from './consoleRoutes.js';

export async function knowledgeBaseRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);

  app.get(
    '/api/admin/knowledgeBase',
    {
      config: SUPPORT_AND_ADMIN,
      schema: {
        tags,
        summary: 'Every article, drafts included, in order',
        security: bearerAuth,
        response: responses({ type: 'array', items: knowledgeBaseArticleSchema }, [401, 403]),
      },
    },
    async () => ok(await listArticles(ctx.db)),
  );

  app.post(
    '/api/admin/knowledgeBase',
    {
      config: ADMIN_ONLY,
      schema: { tags, summary: 'A new article, last in the order', security: bearerAuth, body: articleBody, response: responses(knowledgeBaseArticleSchema, [400, 401, 403]) },
    },
    async (request) => ok(await createArticle(ctx, currentUser(request), request.body), { alert: translate(request.language, 'api.alert.articleAdded') }),
  );

  app.post(
    '/api/admin/knowledgeBase/order',
    {
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: 'Set the order: every article id once',
        security: bearerAuth,
        body: articleOrderBody,
        response: responses({ type: 'array', items: knowledgeBaseArticleSchema }, [400, 401, 403]),
      },
    },
    async (request) => ok(await reorderArticles(ctx, currentUser(request), request.body.ids), { alert: translate(request.language, 'api.alert.articleOrderSaved') }),
  );

  app.post(
    '/api/admin/knowledgeBase/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: 'Edit an article (publish or unpublish it with `published`)',
        security: bearerAuth,
        params: byArticleId,
        body: articleBody,
        response: responses(knowledgeBaseArticleSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(await updateArticle(ctx, currentUser(request), Number(request.params.id), request.body), { alert: translate(request.language, 'api.alert.articleSaved') }),
  );

  app.delete(
    '/api/admin/knowledgeBase/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: 'Delete an article (kept in the audit log)',
        security: bearerAuth,
        params: byArticleId,
        response: responses({ type: 'null' }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await deleteArticle(ctx, currentUser(request), Number(request.params.id));
      return ok(null, { alert: translate(request.language, 'api.alert.articleDeleted') });
    },
  );
}
