/**
 * Records the Connect Account tutorial video from the real product: the connect flow is run
 * against the embedded simulator (the same flow the browser tests use), a picture is taken at
 * each step, and ffmpeg turns them into the files mf-dashboard serves. Not part of the test run:
 *
 *   cd e2e && npx jest --config jest.tutorial.config.ts
 *
 * (needs the workspace built and ffmpeg installed), then rebuild mf-dashboard.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerDriver } from '../src/support/accounts';
import { launchBrowser, product } from '../src/support/browser';
import { connectPlatformAccount, type ConnectStep } from '../src/support/connect';
import { WORKSPACE } from '../src/support/paths';
import { assembleVideo } from './assemble';
import { renderFrames, shoot, SHOT, type TutorialStep } from './frames';

const OUT_DIR = path.join(WORKSPACE, 'mf-dashboard/src/screens/ConnectAccount/media');
const NAME = 'connect-account-tutorial';
/** Shown in the address bar instead of the test server's address. */
const PRODUCT_ADDRESS = 'https://app.blockpilot.example';

/** What each step says, and what to point at (a selector) in its picture. */
const SCRIPT: Record<ConnectStep, { caption: string; target?: string }> = {
  'connect-page': { caption: "Open Connect Account and press 'Take me to Amazon'. Amazon's sign-in page opens in a new tab.", target: 'button:has-text("Take me to Amazon")' },
  'signed-in-form': { caption: 'Sign in there with the e-mail address and password of your Amazon Flex account.', target: 'form' },
  'landing-page': { caption: "You land on 'Looking for Something?'. That is expected: copy the whole address from the address bar." },
  'url-pasted': { caption: 'Come back to BlockPilot and paste that address in the URL field.', target: 'input[type="url"]' },
  connected: { caption: 'Press Done. Your account is connected: set your filters and press Start.', target: 'button:has-text("Start")' },
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  // The greeting shows the name the address gives: a plain one reads better in a tutorial.
  const token = await registerDriver(product().baseUrl, { emailAddress: 'alex@example.com' });
  context = await browser.newContext({ viewport: SHOT, baseURL: product().baseUrl });
  await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
  page = await context.newPage();
});
afterAll(async () => {
  await browser.close();
});

/** The address as the driver's browser shows it: the product's public address, the platform's own. */
function shownAddress(url: string): string {
  return url.startsWith(product().baseUrl) ? PRODUCT_ADDRESS + url.slice(product().baseUrl.length) : url;
}

it('records the connect-account tutorial', async () => {
  const steps: TutorialStep[] = [];
  await page.goto('/dashboard');
  await page.getByRole('dialog', { name: 'Connect Account' }).waitFor();
  steps.push({
    shot: await shoot(page, '[role="dialog"] button:has-text("Continue")'),
    address: shownAddress(page.url()),
    addressMatters: false,
    caption: 'Until your Amazon Flex account is connected, the dashboard asks you to connect it. Press Continue.',
  });
  await page.getByRole('button', { name: 'Continue' }).click();

  await connectPlatformAccount({
    context,
    page,
    account: { email: 'driver@example.com', password: 'tutorial password 5Tq' },
    simulatorUrl: product().platformSimulatorUrl,
    onStep: async (step, shown, landingUrl) => {
      const { caption, target } = SCRIPT[step];
      const address = step === 'landing-page' && landingUrl ? landingUrl.replace(product().platformSimulatorUrl, 'https://www.amazon.com') : shownAddress(shown.url());
      steps.push({ shot: await shoot(shown, target), address, addressMatters: step === 'landing-page', caption });
    },
  });
  expect(steps).toHaveLength(6);

  assembleVideo(
    await renderFrames(browser, steps),
    steps.map((s) => s.caption),
    OUT_DIR,
    NAME,
  );
});
