/** How the account remote writes money and times: integer cents shown with 2 decimals and the account's symbol. */

/** `1000, '$'` -> `$10.00`. Credit and prices are integer cents everywhere (SPEC.md section 9). */
export function formatMoney(cents: number, currencySymbol: string): string {
  return `${currencySymbol}${(cents / 100).toFixed(2)}`;
}

/** An epoch-ms end time (trial, membership) as a date and time in the driver's locale. */
export function formatEndTime(epochMs: number, locale?: string | null): string {
  return new Date(epochMs).toLocaleString(locale ?? undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
