/**
 * Editing the knowledge base (docs/OPERATIONS.md "Knowledge base"): articles in the database,
 * drafts and published ones, in an order operators set. Every change and its audit entry (the
 * article before and after) are one transaction; drivers see a published change on their next load.
 */
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_LANGUAGE } from '@blockpilot/shared/constants';
import type { KnowledgeBaseArticle, KnowledgeBaseArticleInput } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema, KnowledgeBaseArticleTable } from '../../db/schema.js';
import { notFound, validationError } from '../../domain/errors.js';
import type { AuthenticatedUser } from '../auth/authenticate.js';
import { recordAudit } from './audit.js';
import { actorOf } from './roles.js';
import { writtenText } from './writtenText.js';

type Db = Kysely<DatabaseSchema>;

const noSuchArticle = () => notFound('api.error.noSuchArticle');

function articleOf(row: Selectable<KnowledgeBaseArticleTable>): KnowledgeBaseArticle {
  return { id: row.id, question: row.question, answer: row.answer, published: row.published, language: row.language, updatedAt: row.updated_at.getTime() };
}

/** What an audit entry keeps of an article. */
const snapshot = ({ question, answer, published, language }: KnowledgeBaseArticle) => ({ question, answer, published, language });

/** The article's words as written (or a 400 per field), its state, and its language: English unless the console names another. */
function cleaned({ question, answer, published, language }: KnowledgeBaseArticleInput) {
  return {
    ...writtenText({ question, answer }, { question: 'api.field.writeTheQuestion', answer: 'api.field.writeTheAnswer' }),
    published,
    language: language ?? DEFAULT_LANGUAGE,
  };
}

/** Every article, drafts included, in order. */
export async function listArticles(db: Db): Promise<KnowledgeBaseArticle[]> {
  return (await db.selectFrom('knowledge_base_articles').selectAll().orderBy('position').orderBy('id').execute()).map(articleOf);
}

/** A new article, last in the order. */
export async function createArticle(ctx: AppContext, operator: AuthenticatedUser, input: KnowledgeBaseArticleInput): Promise<KnowledgeBaseArticle> {
  const values = cleaned(input);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { last } = await trx
      .selectFrom('knowledge_base_articles')
      .select((eb) => eb.fn.max('position').as('last'))
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('knowledge_base_articles')
      .values({ ...values, position: (last ?? 0) + 1, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const article = articleOf(row);
    await recordAudit(trx, actorOf(operator), { action: 'knowledgeBase.create', subject: `article:${article.id}`, after: snapshot(article) }, now);
    return article;
  });
}

export async function updateArticle(ctx: AppContext, operator: AuthenticatedUser, id: number, input: KnowledgeBaseArticleInput): Promise<KnowledgeBaseArticle> {
  const values = cleaned(input);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('knowledge_base_articles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw noSuchArticle();
    const row = await trx
      .updateTable('knowledge_base_articles')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const article = articleOf(row);
    await recordAudit(trx, actorOf(operator), { action: 'knowledgeBase.edit', subject: `article:${id}`, before: snapshot(articleOf(before)), after: snapshot(article) }, now);
    return article;
  });
}

/** Sets the order: `ids` must name every article once (else a 400 under `ids`, nothing moves). */
export async function reorderArticles(ctx: AppContext, operator: AuthenticatedUser, ids: readonly number[]): Promise<KnowledgeBaseArticle[]> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('knowledge_base_articles').select('id').orderBy('position').orderBy('id').forUpdate().execute();
    const before = current.map((row) => row.id);
    const known = new Set(before);
    if (ids.length !== before.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw validationError({ ids: 'api.field.articleListChanged' });
    }
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable('knowledge_base_articles')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .execute();
    }
    await recordAudit(trx, actorOf(operator), { action: 'knowledgeBase.reorder', before: { ids: before }, after: { ids } }, now);
  });
  return listArticles(ctx.db);
}

export async function deleteArticle(ctx: AppContext, operator: AuthenticatedUser, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('knowledge_base_articles').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw noSuchArticle();
    await recordAudit(trx, actorOf(operator), { action: 'knowledgeBase.delete', subject: `article:${id}`, before: snapshot(articleOf(row)) }, ctx.clock.now());
  });
}
