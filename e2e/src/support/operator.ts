/** The browser tests' operator (E2E_ADMIN_EMAIL, an admin through ADMIN_EMAILS) and what it reads from the dev outbox. */
import type { Page } from 'playwright-core';
import { DRIVER_PASSWORD, E2E_ADMIN_EMAIL, registerDriver } from './accounts';
import { visit } from './browser';

/**
 * Makes sure the operator's account exists: several test files use it against one product, so
 * the first to run signs it up and the others find it there.
 */
export async function ensureOperator(baseUrl: string): Promise<void> {
  const signIn = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress: E2E_ADMIN_EMAIL, password: DRIVER_PASSWORD }),
  });
  if (signIn.ok) return;
  await registerDriver(baseUrl, { emailAddress: E2E_ADMIN_EMAIL });
}

/**
 * Signs in through the login page as `email` and waits for the signed-in app's home: the
 * dashboard's greeting for a driver, the console for an operator (docs/OPERATIONS.md "Roles").
 */
export async function signInThroughPage(page: Page, email: string, password = DRIVER_PASSWORD): Promise<void> {
  await visit(page, '/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('heading', { name: /^Hi, / })
    .or(page.getByRole('navigation', { name: 'Operator console' }))
    .first()
    .waitFor();
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The e-mail the dev outbox kept for `to`, newest first. */
export async function outboxOf(baseUrl: string, to: string): Promise<OutboxMail[]> {
  const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`reading the outbox failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: OutboxMail[] }).data;
}
