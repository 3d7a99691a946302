/**
 * The server's own words in each language the app speaks (docs/FRONTEND.md, "Languages", the
 * server's words): e-mails, chat messages, the Telegram bot's replies and push notifications are
 * written in the recipient's account language, English for a person with no account.
 *
 * The catalogs are `server/src/locales/<language>.json` (flat keys, ICU messages, checked with
 * every other catalog of the workspace by tooling/src/catalogs.test.ts). They are compiled once,
 * when this module loads, into one Lingui instance per language, so a broken message stops the
 * server at start-up rather than a driver's e-mail later. Money and dates are formatted by the
 * caller with the shared format functions, naming the language, and passed in as values.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { INTL_LOCALES, LANGUAGES, type Language } from '@blockpilot/shared/constants';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };

/** A message of the server's catalogs; English names them all. */
export type MessageKey = keyof typeof en;
/** The placeholders of a message: text as it is, numbers for plurals and `{n, number}`. */
export type MessageValues = Record<string, string | number>;

// Every language holds every English key: a missing one does not compile.
const CATALOGS: Record<Language, Record<MessageKey, string>> = { en, es };

function runtimeOf(language: Language): I18n {
  const compiled = Object.fromEntries(Object.entries(CATALOGS[language]).map(([key, message]) => [key, compileMessageOrThrow(message)]));
  // `locales` makes plurals and `{n, number}` follow the language's Intl rules.
  return setupI18n({ locale: language, locales: INTL_LOCALES[language], messages: { [language]: compiled } });
}

const RUNTIMES = Object.fromEntries(LANGUAGES.map((language) => [language, runtimeOf(language)])) as Record<Language, I18n>;

/** The message `key` in `language`, its placeholders filled with `values`. */
export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  return RUNTIMES[language]._(key, values);
}

/**
 * A message chosen before the language is known (a refusal thrown deep in a feature, an API
 * alert): its key, with the values of its placeholders when it has any. Values that are written
 * differently in each language (money, with the shared format functions) are given as a function
 * of the language. Whoever knows the reader's language (the HTTP layer, from the request) writes
 * it with {@link translateWords}.
 */
export type Words = MessageKey | { key: MessageKey; values: MessageValues | ((language: Language) => MessageValues) };

export function translateWords(language: Language, words: Words): string {
  if (typeof words === 'string') return translate(language, words);
  return translate(language, words.key, typeof words.values === 'function' ? words.values(language) : words.values);
}
