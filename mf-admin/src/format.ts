// Money, dates and numbers are written by shared/src/format.ts in the page's language (docs/FRONTEND.md,
// "Money and dates"); what is left here is the console's own: reading an amount an operator types.

/** Reads an amount typed in currency units ("12.50", "-3") as whole cents; null when it is not one. */
export function centsFromInput(text: string): number | null {
  const match = /^\s*([+-]?)(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}
