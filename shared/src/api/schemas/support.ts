/** The visitors' calls: the contact/help form and the promotion opt-out link. */
import { closedObject, stringOf, text, type FromContract } from './fields.js';

/** A message to support (contact and help forms). */
export const supportMessageSchema = closedObject(['fullName', 'emailAddress', 'phoneNumber', 'question'], {
  fullName: text(100),
  emailAddress: stringOf('email-address'),
  phoneNumber: stringOf('phone-number', 32),
  question: { ...text(5000), minLength: 10 },
});

export const promotionOptOutBody = closedObject(['userId'], {
  // No pattern: whether a key is one of ours is the cipher's call, so every bad link gets the same clear answer.
  userId: { type: 'string', minLength: 1, maxLength: 512, description: 'The key of the opt-out link: the driver, sealed by the server' },
});

export type SupportMessage = FromContract<typeof supportMessageSchema>;

/*
 * What the support calls answer. The server answers with these schemas and the client's types are
 * derived from them (docs/ARCHITECTURE.md section 4.1, "The contract").
 */

/** One published knowledge-base item (getKnowledgeBase). */
export const knowledgeBaseItemSchema = closedObject(['question', 'answer'], {
  question: { type: 'string' },
  answer: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }], description: "A text, or a list of lines ('' is a blank line)" },
});

/** What the server tells every page about itself (GET /api/publicConfig): its configuration's public part. */
export const publicConfigSchema = closedObject(['supportEmail', 'telegramBot'], {
  supportEmail: { type: 'string', description: "Where drivers write to (the server's SUPPORT_EMAIL)" },
  telegramBot: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['handle', 'url'],
    description: 'The Telegram bot drivers send /start to; null while the server has none (messages recorded locally)',
    properties: { handle: { type: 'string', description: '"@" and the username' }, url: { type: 'string', description: 'https://t.me/<username>' } },
  },
});

/** optOutState's answer: whether the driver of an opt-out link takes promotional e-mail now. */
export const promotionOptOutStateSchema = closedObject(['promotionalEmails'], { promotionalEmails: { type: 'boolean' } });

export type KnowledgeBaseItem = FromContract<typeof knowledgeBaseItemSchema>;
export type PublicConfig = FromContract<typeof publicConfigSchema>;
