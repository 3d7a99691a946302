/** How the console writes times: the operator's locale, date and time to the minute. */
export function formatTime(epochMs: number | null): string {
  if (epochMs === null) return '—';
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Reads an amount typed in currency units ("12.50", "-3") as whole cents; null when it is not one. */
export function centsFromInput(text: string): number | null {
  const match = /^\s*([+-]?)(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}
