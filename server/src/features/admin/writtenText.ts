/** Text an operator writes (an article, a promotion), as it is stored. */
import { validationError } from '../../domain/errors.js';
import type { MessageKey } from '../../domain/translate.js';

/**
 * Each text with its line ends made "\n" and its surrounding blank space dropped. A text left
 * blank is a 400 under its field with its message (the schemas' minLength counts spaces as text).
 */
export function writtenText<Field extends string>(texts: Record<Field, string>, whenBlank: Record<Field, MessageKey>): Record<Field, string> {
  const fields = Object.keys(texts) as Field[];
  const written = Object.fromEntries(fields.map((field) => [field, texts[field].replace(/\r\n?/g, '\n').trim()])) as Record<Field, string>;
  const blank = fields.filter((field) => !written[field]);
  if (blank.length) throw validationError(Object.fromEntries(blank.map((field) => [field, whenBlank[field]])));
  return written;
}
