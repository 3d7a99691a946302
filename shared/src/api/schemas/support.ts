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
