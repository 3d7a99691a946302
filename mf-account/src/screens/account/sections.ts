/** The collapsible sections of the account page and the sub-routes that open them (docs/PRODUCT.md section 2). */

export type SectionId = 'trial' | 'credit' | 'inviteCode' | 'notificationPreferences' | 'displayName' | 'language' | 'password';

/** What /account opens: the balance and top-up, the part drivers come here for most. */
export const DEFAULT_SECTION: SectionId = 'credit';

/** The element id of a section, for scrolling it into view. */
export const sectionElementId = (id: SectionId) => `account-${id}`;
