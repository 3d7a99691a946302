/**
 * Connecting the signed-in driver's delivery-platform account the way a driver does it (docs/PRODUCT.md
 * "Connect Account page"): on /connectAccount, 'Take me to Amazon' opens the platform's sign-in
 * page in a new tab (here the embedded simulator's); signing in ends on the "Looking for
 * Something?" page, whose URL is pasted back and submitted with Done. The tests run it, and so
 * does the recording of the tutorial video, which films each step (`onStep`).
 */
import type { BrowserContext, Page } from 'playwright-core';

/** The platform account's e-mail and password, typed on the platform's own page only. */
export interface PlatformSignIn {
  email: string;
  password: string;
}

/** The moments of the flow, in order, each with the page the driver looks at then. */
export type ConnectStep = 'connect-page' | 'signed-in-form' | 'landing-page' | 'url-pasted' | 'connected';

export interface ConnectFlow {
  context: BrowserContext;
  /** The product's page, signed in. */
  page: Page;
  account: PlatformSignIn;
  /** Where the platform's sign-in page must be (the embedded simulator). */
  simulatorUrl: string;
  /** Called at each step before the flow goes on (the video takes its pictures here). */
  onStep?(step: ConnectStep, page: Page, landingUrl: string | null): Promise<void>;
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`connecting the platform account: ${what}`);
}

/** Runs the connect flow from /connectAccount to the connected dashboard; answers the pasted landing URL (it carries the sign-in code). */
export async function connectPlatformAccount({ context, page, account, simulatorUrl, onStep }: ConnectFlow): Promise<string> {
  if (new URL(page.url()).pathname !== '/connectAccount') await page.goto('/connectAccount');
  const takeMe = page.getByRole('button', { name: 'Take me to Amazon' });
  await takeMe.waitFor();
  // Disabled until the challenge session is loaded.
  await page.waitForFunction((button) => button instanceof HTMLButtonElement && !button.disabled, await takeMe.elementHandle());
  await onStep?.('connect-page', page, null);

  const [signIn] = await Promise.all([context.waitForEvent('page'), takeMe.click()]);
  await signIn.waitForLoadState();
  check(signIn.url().startsWith(`${simulatorUrl}/ap/signin?`), `the sign-in page is ${signIn.url()}, not the platform's`);
  await signIn.getByLabel('Email or mobile phone number').fill(account.email);
  await signIn.getByLabel('Password').fill(account.password);
  await onStep?.('signed-in-form', signIn, null);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await signIn.waitForURL('**/ap/maplanding?**');
  check((await signIn.title()) === 'Looking for Something?', `the landing page is titled "${await signIn.title()}"`);
  const landingUrl = signIn.url();
  check(landingUrl.includes('openid.oa2.authorization_code='), 'the landing URL carries no sign-in code');
  await onStep?.('landing-page', signIn, landingUrl);
  await signIn.close();

  await page.getByLabel("URL of the 'Looking for something?' page").fill(landingUrl);
  await onStep?.('url-pasted', page, landingUrl);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('button', { name: 'Start' }).waitFor();
  check((await page.getByRole('dialog', { name: 'Connect Account' }).count()) === 0, 'the Connect Account dialog is still open');
  await onStep?.('connected', page, landingUrl);
  return landingUrl;
}
