/**
 * The canary guard in the browser (docs/RELEASES.md "Canary"): health is what the driver sees. A
 * build of mf-landing whose App throws while rendering (its session read replaced by a null, as a
 * build with its own copy of React fails) is put up as a canary for three named drivers. Its code
 * loads fine; each of them sees "This page failed to start", and their shells vote the failure
 * with the release's assignment. Once three distinct drivers voted, the server rolls the canary
 * back by itself: `status` shows the counts it acted on and the failure's name, the history's
 * reason and the team's e-mail say what failed (TypeError while rendering, its stack's hash), and
 * the next load shows the stable release. A driver outside the canary runs the stable release,
 * which counts their browser as healthy once its first screen is up.
 *
 * This suite runs its own server with RELEASE_CANARY_MIN_REPORTS=3.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { registerDriver } from '../src/support/accounts';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { ARTIFACTS_DIR } from '../src/support/paths';
import { stopAndWait } from '../src/support/processes';
import { buildLandingVariant, releaseOrFail, startReleaseServer, stopAtTeardown, type ReleaseServer } from '../src/support/releases';
import { rememberSecret } from '../src/support/secrets';
import { waitFor } from '../src/support/waitFor';

const REMOTE = 'mf_landing';
const STABLE = '1.0.0';
const CRASHING = '1.1.0-crash';
/** RELEASE_CANARY_MIN_REPORTS of this suite's server: distinct drivers the guard waits for. */
const MIN_USERS = 3;
/** mf_landing's team (RELEASE_TEAM_EMAILS), told when the guard rolls its canary back. */
const TEAM = 'landing-team@blockpilot.e2e';
/** Where the shell keeps the signed-in driver's access token (as the shell spells it). */
const ACCESS_TOKEN_KEY = 'acccessToken';
/** The support form's intro, as the stable release shows it. */
const INTRO = /ask anything about BlockPilot/i;

let browser: Browser;
let server: ReleaseServer;
let releaseToken: string;

type Health = { healthy: number; failed: number; users: number; lastFailure: { errorName: string; stage: string; stackHash: string | null } | null };
type Entry = { remote: string; release: { version: string; health: Health }; canary: { version: string; health: Health; verdict: string } | null };

/** Runs the release CLI against this suite's server; fails with its output unless it succeeded. */
const release = <T = Record<string, unknown>>(...args: string[]) => releaseOrFail<T>(server.baseUrl, releaseToken, args);

/** mf_landing on production, as `npm run release -- status` shows it. */
async function landingStatus(): Promise<Entry> {
  const channels = await release<Array<{ name: string; entries: Entry[] }>>('status');
  return channels.find((c) => c.name === 'production')!.entries.find((e) => e.remote === REMOTE)!;
}

/** A tab of the driver holding `token`, on this suite's server. */
async function signedInTab(token: string) {
  const tab = await openPage(browser, 1440, { baseUrl: server.baseUrl });
  await tab.context.addInitScript(([key, value]) => localStorage.setItem(key, value), [ACCESS_TOKEN_KEY, token] as const);
  return tab;
}

/** A driver signed up through the API: their e-mail (to name them in a canary) and token. */
async function newDriver(): Promise<{ email: string; token: string }> {
  const email = `canary-${randomUUID()}@example.com`;
  return { email, token: await registerDriver(server.baseUrl, { emailAddress: email }) };
}

async function introShown(page: Page): Promise<void> {
  await page.getByText(INTRO).waitFor();
}

beforeAll(async () => {
  const { runDir, secretsFile } = product();
  releaseToken = randomBytes(24).toString('base64url');
  rememberSecret(secretsFile, 'RELEASE_TOKEN of the canary guard server', releaseToken);
  const crashingDir = path.join(runDir, 'mf-landing-render-crash');
  [server] = await Promise.all([
    startReleaseServer(path.join(runDir, 'canary-guard-data'), releaseToken, { RELEASE_CANARY_MIN_REPORTS: String(MIN_USERS), RELEASE_TEAM_EMAILS: `${REMOTE}=${TEAM}` }),
    // The App reads the session from null: a TypeError on every render, in the browser only.
    buildLandingVariant(crashingDir, { file: 'src/App.tsx', from: 'useSession();', to: "JSON.parse('null');" }),
  ]);
  stopAtTeardown(server.process.pid!);
  await release('publish', 'mf-landing', '--version', STABLE);
  await release('publish', 'mf-landing', '--dir', crashingDir, '--version', CRASHING);
  await release('promote', REMOTE, STABLE);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopAndWait(server.process.pid!, path.join(ARTIFACTS_DIR, 'canary-guard-server.log'));
});

describe('a canary that crashes while rendering', () => {
  it('is rolled back by the guard once enough distinct drivers saw it fail, and status, history and the team are told what failed', async () => {
    const insiders = await Promise.all(Array.from({ length: MIN_USERS }, newDriver));
    const outsider = await newDriver();
    await expect(release('promote', REMOTE, CRASHING, '--users', insiders.map((d) => d.email).join(','))).resolves.toMatchObject({ action: 'canary', version: CRASHING });

    // Outside the canary: the stable release, counted healthy once its first screen committed.
    const outside = await signedInTab(outsider.token);
    await visit(outside.page, '/help');
    await introShown(outside.page);
    await waitFor('the stable release counted healthy', async () => (await landingStatus()).release.health.healthy >= 1, 15_000);
    expect(outside.errors).toEqual([]);
    await outside.context.close();

    for (const [i, driver] of insiders.entries()) {
      const { context, page } = await signedInTab(driver.token);
      await visit(page, '/help');
      await expect(page.getByRole('alert').textContent()).resolves.toContain('This page failed to start');
      if (i === 0) await screenshot(page, 'canary-guard-render-crash');
      if (i < MIN_USERS - 1) {
        // Fewer distinct drivers than the guard waits for: the canary stays, its counts grow.
        const canary = await waitFor(
          `the vote of driver ${i + 1}`,
          async () => {
            const entry = await landingStatus();
            return entry.canary?.health.users === i + 1 && entry.canary;
          },
          15_000,
        );
        expect(canary).toMatchObject({ version: CRASHING, verdict: 'waiting', health: { healthy: 0, failed: i + 1, lastFailure: { errorName: 'TypeError', stage: 'render' } } });
        expect(canary.health.lastFailure!.stackHash).toMatch(/^[0-9a-f]{64}$/);
      } else {
        // The last vote is counted before its tab closes (a closing tab drops a request still in
        // flight): by then the guard has rolled the canary back, or is about to.
        await waitFor(
          `the vote of driver ${i + 1}`,
          async () => {
            const entry = await landingStatus();
            return entry.canary === null || entry.canary.health.users === i + 1;
          },
          15_000,
        );
      }
      await context.close();
    }
    await waitFor('the guard to roll the canary back', async () => (await landingStatus()).canary === null, 15_000);

    const [move] = await release<Array<{ action: string; actor: string; fromVersion: string; toVersion: string; reason: string }>>('history', REMOTE);
    expect(move).toMatchObject({ action: 'canary-rollback', actor: 'canary-guard', fromVersion: CRASHING, toVersion: STABLE });
    expect(move!.reason).toMatch(new RegExp(`^${MIN_USERS} of ${MIN_USERS} users failed to run it .*TypeError while rendering \\(stack [0-9a-f]{12}\\): ${MIN_USERS} users$`));

    const mail = await waitFor(
      'the e-mail to the team',
      async () => {
        const res = await fetch(`${server.baseUrl}/dev/outbox?to=${encodeURIComponent(TEAM)}`);
        const { data } = (await res.json()) as { data: Array<{ subject: string; text: string }> };
        return data.find((m) => m.subject === `Canary rolled back: ${REMOTE} ${CRASHING} on production`);
      },
      15_000,
    );
    expect(mail.text).toContain(`Signed-in users who ran it: ${MIN_USERS} (0 rendered it, ${MIN_USERS} saw it fail).`);
    expect(mail.text).toMatch(new RegExp(`- TypeError while rendering \\(stack [0-9a-f]{64}\\): ${MIN_USERS} users`));

    // The canary's drivers are back on the stable release at their next load.
    const { context, page, errors } = await signedInTab(insiders[0]!.token);
    await visit(page, '/help');
    await introShown(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
