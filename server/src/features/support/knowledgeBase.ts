/**
 * The knowledge base drivers read: the published articles in the database, in the operators'
 * order (docs/OPERATIONS.md "Knowledge base"). An answer is one text, or, when it has several
 * lines, the list of its lines ('' is a blank line), the shape the help pages render.
 */
import type { Kysely } from 'kysely';
import { knowledgeBaseAnswerOf } from '@blockpilot/shared/format';
import type { KnowledgeBaseItem } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';

export async function publishedKnowledgeBase(db: Kysely<DatabaseSchema>): Promise<KnowledgeBaseItem[]> {
  const rows = await db.selectFrom('knowledge_base_articles').select(['question', 'answer']).where('published', '=', true).orderBy('position').orderBy('id').execute();
  return rows.map((row) => ({ question: row.question, answer: knowledgeBaseAnswerOf(row.answer) }));
}

export const knowledgeBaseItemSchema = {
  type: 'object',
  required: ['question', 'answer'],
  properties: {
    question: { type: 'string' },
    answer: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }], description: "A text, or lines ('' is a blank line)" },
  },
} as const;
