/**
 * The knowledge base moves from code to the database, so operators edit it in the console
 * without a deploy (docs/OPERATIONS.md "Knowledge base"). Seeded with the articles drivers saw
 * until now, published, in the same order, with the figures of the business constants then.
 *
 * An answer is stored as text; an answer of several lines is its lines joined by "\n" (an
 * empty line is a blank line), and the public route serves it back as those lines.
 */
import { sql, type Kysely } from 'kysely';

/**
 * The knowledge base as it was when it moved to the database: what drivers saw, unchanged. Its
 * figures are written out as they stood then (a migration's data is frozen: were a business
 * constant to change later, the articles would be corrected by an operator or a new migration,
 * never by re-running this one with other words).
 */
export const SEED_ARTICLES: ReadonlyArray<{ question: string; answer: string | string[] }> = [
  {
    question: 'How much does BlockPilot cost?',
    answer: [
      'There is no subscription: BlockPilot charges a fee of 3.5% of the value of each block it accepts for you, taken from your credit.',
      'Example: a block paying 80.00 costs a fee of 2.80.',
      'New accounts start with 10.00 of free credit. A block is only accepted when your credit covers its fee.',
      'During a free trial or an active membership no fee is charged at all.',
    ],
  },
  {
    question: 'How do I add credit?',
    answer: [
      'Open Account, then Credit, choose an amount between 10.00 and 50.00 and press Top up.',
      'You pay on a secure payment page; the credit appears as soon as the payment is confirmed, usually within seconds.',
    ],
  },
  {
    question: 'Can I forfeit a block I cannot work, and get the fee back?',
    answer: [
      'Yes. Forfeit the block from the log in BlockPilot and the fee is refunded to your credit in full.',
      'You can forfeit while more than 45 minutes remain before the block starts, or within 5 minutes of BlockPilot accepting it.',
      'Blocks forfeited directly in the delivery app are not refunded, because BlockPilot cannot see them.',
    ],
  },
  {
    question: 'How do filters work?',
    answer: [
      'A block is accepted only when it matches every part of an enabled filter:',
      '- Service areas: the stations you are willing to drive from.',
      '- Days: the weekday the block starts on.',
      '- Time: the block must start inside this window (it may end later). A window whose start is after its end runs overnight, for example 10:00 PM to 2:00 AM.',
      '- Pay: each step of the slider is 3.00; per block or per hour. A slider at 100 means no upper limit.',
      '- Duration: block length in hours, 0 to 10.',
      '- Time to arrive: the least time you need to get there, up to 60 minutes.',
      '',
      'Changes are saved automatically half a second after you stop editing. Blocks that overlap one already on your schedule are never accepted.',
    ],
  },
  {
    question: 'How do I connect my delivery account?',
    answer: [
      'Open Connect Account and press "Take me to Amazon": the sign-in page of the delivery platform opens in a new tab.',
      'Sign in there with your e-mail address and password as usual.',
      'When you reach the "Looking for something?" page, copy its address from the address bar, paste it into BlockPilot and press Done.',
      'BlockPilot never sees your password. If the platform asks you to solve a puzzle, searching stops: solve it in the delivery app, then press Start again.',
    ],
  },
  {
    question: 'How do I get notified when a block is accepted?',
    answer: [
      'Open Account, then Notification Preferences. You can be notified by e-mail, by WhatsApp, and by Telegram.',
      'For Telegram: open the BlockPilot bot, send /start, and enter the code it gives you in the Telegram field.',
      'Leave a field empty to turn that channel off.',
    ],
  },
  {
    question: 'What is the free trial?',
    answer: 'Each driver can start one 2 day free trial from the Account page. For 2 days from the moment you start it, no fee is charged on accepted blocks.',
  },
  {
    question: 'What do memberships do?',
    answer: 'A membership is a paid period during which BlockPilot charges no fee on accepted blocks. Buying another one while active extends it.',
  },
  {
    question: 'How does the invite reward work?',
    answer: 'Share your invite code from the Account page. When a driver who signed up with it has topped up 10.00 in total, you receive 10.00 of credit, once per invited driver.',
  },
  {
    question: 'Why is BlockPilot not accepting any blocks?',
    answer: [
      'Check that:',
      '- searching is started (the button reads Stop and the chip says System Started);',
      '- your filter is enabled and at least one service area is selected;',
      '- your credit covers the fee, or a trial or membership is active;',
      '- your delivery account is still connected and no puzzle is waiting in the delivery app.',
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('knowledge_base_articles')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // Ordering: ascending; a reorder rewrites every article's position at once.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('knowledge_base_articles_position').on('knowledge_base_articles').column('position').execute();
  await db
    .insertInto('knowledge_base_articles' as never)
    .values(
      SEED_ARTICLES.map((article, index) => ({
        position: index + 1,
        question: article.question,
        answer: typeof article.answer === 'string' ? article.answer : article.answer.join('\n'),
        published: true,
      })) as never,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('knowledge_base_articles').execute();
}
