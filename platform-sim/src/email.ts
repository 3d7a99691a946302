/** Trimmed, lower-case: the platform treats sign-in e-mails case-insensitively. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
