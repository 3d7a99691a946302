/**
 * The full driver journey, through the real UI against the real server and its
 * embedded platform simulator: an invite link, registration (the invite code goes with it),
 * connecting the platform account, a filter saved, Start, an accepted and an ignored offer in
 * the live log, the accepted block forfeited with its fee refunded (at a phone's width, with the
 * bottom tab bar), a top-up through the dev checkout, and a password reset through the e-mail
 * outbox. Each step waits on what the driver would see, never on a fixed delay. The steps run
 * in order on one page: each starts where the previous one left the driver.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiCall, registerDriver, verificationLink } from '../src/support/accounts';
import { launchBrowser, product, screenshot } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';
import { injectOffer } from '../src/support/platform';
import { recordSecretsOf, rememberSecret } from '../src/support/secrets';

const PASSWORD = 'journey: the first password 7Kq';
const NEW_PASSWORD = 'journey: chosen through the reset link 9Wx';
/** The dashboard's notice while the e-mail address waits for confirmation. */
const CONFIRM_EMAIL = 'Confirm your e-mail to get your $10.00 sign-up bonus';
const PLATFORM_ACCOUNT = { email: 'journey-driver@example.com', password: 'journey: the platform password 3Jd' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 780 };
/** Offers reach the log through the engine's search loop and the 5 s log poll. */
const LOG_TIMEOUT_MS = 30_000;

interface ServiceArea {
  id: string;
  shortName: string;
}

interface Account {
  credit: number;
  shareableCode: string;
  filters: Array<{ serviceAreas: string[]; days: number[]; time: number[]; pay: number[]; payType: string }>;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const email = `journey-${Date.now()}@example.com`;
let inviterToken: string;
let inviteCode: string;
/** The service areas the filter takes. */
let areas: ServiceArea[];
/**
 * Tomorrow, 10:00 to 13:00 UTC (the page's time zone is pinned to UTC): outside the hours the
 * connect test's filter takes, as the simulator's board is shared by the test files.
 */
const blockStart = (Math.floor(Date.now() / 86_400_000) + 1) * 86_400 + 10 * 3600;

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, secretsFile } = product();
  inviterToken = await registerDriver(baseUrl);
  inviteCode = (await apiCall<Account>(baseUrl, inviterToken, 'GET', '/user')).shareableCode;
  // Filters match in the driver's time zone: pinned, so the block below is on a known day and hour.
  context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl, timezoneId: 'UTC' });
  recordSecretsOf(context, secretsFile, baseUrl);
  for (const [label, value] of [
    ['journey password', PASSWORD],
    ['journey password after the reset', NEW_PASSWORD],
    ['platform password', PLATFORM_ACCOUNT.password],
  ] as const) {
    rememberSecret(secretsFile, label, value);
  }
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});
afterAll(async () => {
  await browser.close();
});

/** The access token the page holds now (the shell keeps it under this key, spelt so). */
async function storedToken(): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('acccessToken'));
  if (!token) throw new Error('the page holds no access token');
  rememberSecret(product().secretsFile, `access token of ${email}`, token);
  return token;
}

async function account(): Promise<Account> {
  return apiCall<Account>(product().baseUrl, await storedToken(), 'GET', '/user');
}

/** Waits until the first filter, as the server has it, is what `saved` expects (auto-saves follow edits by 500 ms). */
async function waitForSavedFilter(saved: (filter: Account['filters'][number]) => boolean): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    if (saved((await account()).filters[0]!)) return;
    await page.waitForTimeout(200);
  }
  throw new Error('the filter was not saved as expected');
}

const creditChip = () => page.getByText(/^Credit: \$\d+\.\d\d$/);
const offers = () => page.getByRole('region', { name: 'Offers' });
const entries = (action: 'Accepted' | 'Ignored') =>
  offers()
    .getByRole('listitem')
    .filter({ has: page.getByText(action, { exact: true }) });

/** Presses a key on a focused control `times` times (range inputs move one step per press). */
async function press(control: Locator, key: string, times: number): Promise<void> {
  await control.focus();
  for (let i = 0; i < times; i++) await control.press(key);
}

it('opens an invite link and registers, sending the invite code', async () => {
  await page.goto(`/invite/${inviteCode}`);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Try free' }).click();
  await page.waitForURL((url) => url.pathname === '/register');
  await page.getByText(`Invite code ${inviteCode} will be added to your account.`).waitFor();

  await page.getByLabel('Country').selectOption({ label: 'United States' });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone number').fill('+15555550142');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/auth/register')),
    page.getByRole('button', { name: 'Create account' }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ inviteCode, country_code: 'US', emailAddress: email });

  // Signed in, not connected yet: the dashboard is behind the Connect Account dialog.
  const dialog = page.getByRole('dialog', { name: 'Connect Account' });
  await dialog.waitFor();
  // The sign-up bonus waits for the e-mail address to be confirmed (docs/SECURITY.md "Free credit").
  await expect(creditChip().textContent()).resolves.toBe('Credit: $0.00');
  await page.getByText(CONFIRM_EMAIL).waitFor();
  await screenshot(page, 'journey-01-registered');
});

it('confirms the e-mail address with the e-mailed link and gets the sign-up bonus', async () => {
  const link = await verificationLink(product().baseUrl, email);
  expect(new URL(link).origin).toBe(product().baseUrl);
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');
  const dialog = page.getByRole('dialog', { name: 'Connect Account' });
  await dialog.waitFor();
  await expect(creditChip().textContent()).resolves.toBe('Credit: $10.00');
  expect(await page.getByText(CONFIRM_EMAIL).count()).toBe(0);
  expect(await account()).toMatchObject({ emailVerified: true, credit: 1000 });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/connectAccount');
});

it('connects the simulated platform account through its sign-in page', async () => {
  const landingUrl = await connectPlatformAccount({ context, page, account: PLATFORM_ACCOUNT, simulatorUrl: product().platformSimulatorUrl });
  rememberSecret(product().secretsFile, 'platform sign-in code', new URL(landingUrl).searchParams.get('openid.oa2.authorization_code'));
  rememberSecret(product().secretsFile, 'pasted landing URL', landingUrl);
  expect((await account()) as unknown).toMatchObject({ flexConnected: true });
  await screenshot(page, 'journey-02-connected');
});

it('sets a filter (area, days, time, pay) and sees it saved', async () => {
  // Every area the account is offered: which of them the account may work in, only the platform
  // knows. Names are abbreviated by default, so each is listed by its short name.
  areas = await apiCall<ServiceArea[]>(product().baseUrl, await storedToken(), 'POST', '/user/getServiceAreas', {});
  expect(areas.length).toBeGreaterThan(0);
  for (const area of areas) await page.getByRole('checkbox', { name: area.shortName, exact: true }).check();

  // Days: every day is on by default; the day after tomorrow goes off (the block is tomorrow).
  const dayOff = (new Date(blockStart * 1000).getUTCDay() + 1) % 7;
  const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  await page.getByRole('button', { name: dayNames[dayOff], exact: true }).click();
  // Time: from 06:00 (default) back to 05:00, four 15-minute steps.
  await press(page.getByRole('slider', { name: 'Earliest start' }), 'ArrowLeft', 4);
  // Pay: 18 on the slider is 54.00, counted per hour: above anything the simulator offers by
  // itself (at most 35 an hour, x1.5 surged), so only the offers put on the board below decide.
  await press(page.getByRole('slider', { name: 'Lowest pay' }), 'ArrowRight', 18);
  // Saves go one at a time, each with every edit so far: the one that carries the last edit is final.
  const finalSave = page.waitForRequest((r) => r.url().endsWith('/api/user/saveFilter') && (r.postDataJSON() as { filter?: { payType?: string } }).filter?.payType === 'PER_HOUR');
  await page.getByLabel('Pay counted').selectOption('PER_HOUR');
  expect((await (await finalSave).response())?.ok()).toBe(true);
  await page.getByText(/^Saved @ \d\d:\d\d [AP]M$/).waitFor();
  const [filter] = (await account()).filters;
  expect(filter).toMatchObject({ time: [300, 1320], pay: [18, 100], payType: 'PER_HOUR' });
  expect([...filter!.serviceAreas].sort()).toEqual(areas.map((a) => a.id).sort());
  expect(filter!.days).not.toContain(dayOff);
  expect(filter!.days).toHaveLength(6);
  await screenshot(page, 'journey-03-filter-saved');
});

it('starts searching and sees an accepted and an ignored offer in the log', async () => {
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByText('System Started').waitFor();
  await page.waitForURL((url) => url.pathname === '/dashboard/logs');
  await offers().page().getByText('Looking for available offers').first().waitFor();

  // In every area (the account works some of them), at the same time tomorrow: a block the
  // filter takes (3 hours for 180.00 is 60.00 an hour) and one it does not (10.00). The engine
  // takes one block only: the others overlap it.
  const { platformSimulatorUrl } = product();
  for (const area of areas) {
    await injectOffer(platformSimulatorUrl, { serviceAreaId: area.id, startTime: blockStart, durationHours: 3, priceAmount: 180 });
    await injectOffer(platformSimulatorUrl, { serviceAreaId: area.id, startTime: blockStart, durationHours: 3, priceAmount: 10 });
  }

  const accepted = entries('Accepted');
  await accepted.first().waitFor({ timeout: LOG_TIMEOUT_MS });
  await entries('Ignored').first().waitFor({ timeout: LOG_TIMEOUT_MS });
  expect(await accepted.count()).toBe(1);
  await expect(accepted.textContent()).resolves.toContain('$180.00');
  // The fee, 3.5% of 180.00, is shown on the entry and taken from the credit.
  await accepted.getByText('Fee $6.30').waitFor();
  await page.getByText('Credit: $3.70').waitFor({ timeout: LOG_TIMEOUT_MS });
  await screenshot(page, 'journey-04-log');
});

it('at 360 px, switches between settings and logs with the bottom tab bar', async () => {
  await page.setViewportSize(PHONE);
  const tabs = page.getByRole('navigation', { name: 'Dashboard views' });
  await tabs.waitFor();
  const filters = page.locator('[data-panel="filters"]');
  const logs = page.locator('[data-panel="logs"]');
  await logs.waitFor({ state: 'visible' });
  expect(await filters.isVisible()).toBe(false);

  await tabs.getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/settings');
  await filters.waitFor({ state: 'visible' });
  await logs.waitFor({ state: 'hidden' });
  await screenshot(page, 'journey-05-360-settings');

  await tabs.getByRole('link', { name: 'Logs' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/logs');
  await logs.waitFor({ state: 'visible' });
  await filters.waitFor({ state: 'hidden' });
  // The log was kept while hidden: the entries are still there.
  await entries('Accepted').first().waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'journey-05-360-logs');
});

it('forfeits the accepted block inside its window: confirmed, gone, the fee refunded', async () => {
  const accepted = entries('Accepted');
  await accepted.getByRole('button', { name: /^Forfeit the block at / }).click();
  const dialog = page.getByRole('dialog', { name: 'Forfeit this block?' });
  await dialog.waitFor();
  await dialog.getByText('the fee of $6.30 is refunded to your credit', { exact: false }).waitFor();
  await screenshot(page, 'journey-06-360-forfeit-dialog');
  await dialog.getByRole('button', { name: 'Forfeit', exact: true }).click();

  await dialog.waitFor({ state: 'hidden' });
  await accepted.first().waitFor({ state: 'detached' });
  await page.getByText('Credit: $10.00').waitFor();
  expect((await account()).credit).toBe(1000);
  await entries('Ignored').first().waitFor();

  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByText('System Stopped').waitFor();
});

it('sets an overnight window: a block starting before midnight and ending after it is taken', async () => {
  // As a driver does: a tap on the switch's label (the drawn track covers the input itself).
  await page.getByText('Overnight', { exact: true }).click();
  expect(await page.getByRole('switch', { name: 'Overnight' }).isChecked()).toBe(true);
  // The handles stay where they were (5:00 AM and 10:00 PM): the window now runs across midnight.
  await page.getByText('10:00 PM – 5:00 AM (overnight)').first().waitFor();
  await waitForSavedFilter((filter) => filter.time[0] === 1320 && filter.time[1] === 300);
  await screenshot(page, 'journey-07-overnight-window');

  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByText('System Started').waitFor();
  // Tomorrow 11:30 PM to 2:30 AM (UTC, the page's zone): it ends the next day, and counts by its start.
  const lateStart = blockStart - 10 * 3600 + 23.5 * 3600;
  for (const area of areas) await injectOffer(product().platformSimulatorUrl, { serviceAreaId: area.id, startTime: lateStart, durationHours: 3, priceAmount: 180 });
  const accepted = entries('Accepted');
  await accepted.first().waitFor({ timeout: LOG_TIMEOUT_MS });
  await expect(accepted.first().textContent()).resolves.toContain('11:30 PM');

  // Given back at once (found under 5 minutes ago), so the credit is as the next steps expect.
  await accepted.getByRole('button', { name: /^Forfeit the block at / }).click();
  const dialog = page.getByRole('dialog', { name: 'Forfeit this block?' });
  await dialog.getByRole('button', { name: 'Forfeit', exact: true }).click();
  await accepted.first().waitFor({ state: 'detached' });
  await page.getByText('Credit: $10.00').waitFor();
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByText('System Stopped').waitFor();
});

it('tops up through the dev checkout and sees Purchase Completed', async () => {
  await page.getByRole('navigation').getByRole('link', { name: 'Account', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/account');
  const credit = page.getByRole('button', { name: /^Credit/ });
  if ((await credit.getAttribute('aria-expanded')) !== 'true') await credit.click();

  const topUp = page.getByRole('button', { name: /^Top up/ });
  expect(await topUp.isDisabled()).toBe(true);
  // The slider starts with no amount; one step right chooses 15.00.
  await press(page.getByRole('slider', { name: 'Top-up amount' }), 'ArrowRight', 1);
  await page.getByRole('button', { name: 'Top up $15.00' }).click();

  await page.waitForURL((url) => url.pathname.startsWith('/dev/checkout/'));
  await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL((url) => url.pathname === '/account/purchaseCompleted', { timeout: 20_000 });
  const completed = page.getByRole('dialog', { name: 'Purchase Completed' });
  await completed.getByText('Your credit is now $25.00.', { exact: false }).waitFor();
  await screenshot(page, 'journey-08-purchase-completed');
  // The invite paid off: the inviter earns 10.00 once the invited driver has topped up 10.00.
  expect((await apiCall<Account>(product().baseUrl, inviterToken, 'GET', '/user')).credit).toBe(2000);
  await completed.getByRole('button', { name: 'Done' }).click();
  await completed.waitFor({ state: 'hidden' });
});

it('signs out, resets the password through the e-mail outbox and signs in with the new one', async () => {
  await page.getByRole('navigation').getByRole('link', { name: 'Logout' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Login' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('acccessToken'))).toBeNull();

  await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL((url) => url.pathname === '/resetPassword');
  // The sign-in form (also with an "E-mail address") stays on screen until the reset screen is
  // ready: fill the reset form itself.
  const resetForm = page.getByRole('form', { name: 'Reset your password' });
  await resetForm.getByLabel('E-mail address').fill(email);
  await resetForm.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('Check your inbox').waitFor();

  const outbox = await page.request.get(`/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(outbox.ok()).toBe(true);
  const [mail] = ((await outbox.json()) as { data: Array<{ text: string }> }).data;
  const link = mail?.text.match(/https?:\/\/\S+\/resetPassword\/[^\s)>"]+/)?.[0];
  if (!link) throw new Error(`no reset link in the outbox for ${email}`);
  rememberSecret(product().secretsFile, 'reset token', link.split('/resetPassword/')[1]);
  expect(new URL(link).origin).toBe(product().baseUrl);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByRole('heading', { name: /^Hi, / }).waitFor();
  await storedToken();

  await page.getByRole('navigation').getByRole('link', { name: 'Logout' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  const signIn = async (password: string) => {
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  // The old password no longer works; the new one does.
  await signIn(PASSWORD);
  await page.getByRole('alert').first().waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await signIn(NEW_PASSWORD);
  await page.getByRole('heading', { name: /^Hi, / }).waitFor();
  await creditChip().waitFor();
  await expect(creditChip().textContent()).resolves.toBe('Credit: $25.00');
  await storedToken();
  await screenshot(page, 'journey-09-signed-in-again');
  expect(errors).toEqual([]);
});
