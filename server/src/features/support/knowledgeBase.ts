/**
 * The knowledge base drivers read: the published articles in the database of the page's language,
 * in the operators' order (docs/OPERATIONS.md "Knowledge base"); a language with none published
 * reads the English ones rather than nothing. An answer is one text, or, when it has several
 * lines, the list of its lines ('' is a blank line), the shape the help pages render.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, type Language } from '@blockpilot/shared/constants';
import { knowledgeBaseAnswerOf } from '@blockpilot/shared/format';
import type { KnowledgeBaseItem } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';

export async function publishedKnowledgeBase(db: Kysely<DatabaseSchema>, language: Language = DEFAULT_LANGUAGE): Promise<KnowledgeBaseItem[]> {
  const rows = await db
    .selectFrom('knowledge_base_articles')
    .select(['question', 'answer'])
    .where('published', '=', true)
    .where('language', '=', language)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (rows.length === 0 && language !== DEFAULT_LANGUAGE) return publishedKnowledgeBase(db, DEFAULT_LANGUAGE);
  return rows.map((row) => ({ question: row.question, answer: knowledgeBaseAnswerOf(row.answer) }));
}
