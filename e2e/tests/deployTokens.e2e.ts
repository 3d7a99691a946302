/**
 * Deploy tokens minted in the operator console (docs/OPERATIONS.md "Deploy tokens"), at phone and
 * desktop width: an admin mints a token for mf_landing and copies it; the release CLI, as a team's
 * CI runs it with that token, publishes mf-landing and is refused mf-auth; the admin revokes it
 * and the CLI is refused at once. Publishing moves no channel, so the shared product's pages stay
 * as the other suites expect.
 */
import type { Browser } from 'playwright-core';
import { seriousViolations } from '../src/support/axe';
import { E2E_ADMIN_EMAIL } from '../src/support/accounts';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { ensureOperator, signInThroughPage } from '../src/support/operator';
import { releaseCli } from '../src/support/releases';
import { rememberSecret } from '../src/support/secrets';

/** The CLI's exit code when the token is missing, wrong or may not do this (docs/RELEASES.md "CLI"). */
const EXIT_NOT_ALLOWED = 4;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await ensureOperator(product().baseUrl);
});
afterAll(async () => {
  await browser.close();
});

/** Runs the release CLI with `token` as RELEASE_DEPLOY_TOKEN, as a team's CI does. */
const asTeamCi = (token: string, args: string[]) => releaseCli<{ code?: string; publishedBy?: string }>(product().baseUrl, token, args, 'RELEASE_DEPLOY_TOKEN');

describe.each([1440, 360])('at %i px', (width) => {
  it('an admin mints a token for one remote; it publishes that remote only, and nothing once revoked', async () => {
    const { baseUrl, secretsFile } = product();
    const label = `Landing CI at ${width} px`;
    const { context, page, errors } = await openPage(browser, width, { injectsScripts: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signInThroughPage(page, E2E_ADMIN_EMAIL);
    await visit(page, '/admin/deployTokens');
    await page.getByRole('heading', { level: 1, name: 'Deploy tokens' }).waitFor();

    const form = page.getByRole('form', { name: 'Mint a deploy token' });
    await form.getByRole('textbox', { name: 'Label' }).fill(label);
    await form.getByRole('combobox', { name: 'Remote' }).selectOption('mf_landing');
    await form.getByRole('button', { name: 'Mint token' }).click();
    const shown = page.getByRole('region', { name: 'New token for mf_landing' });
    const token = await shown.getByRole('textbox', { name: `Deploy token “${label}”` }).inputValue();
    expect(token).toMatch(/^bprt_/);
    rememberSecret(secretsFile, `deploy token minted at ${width} px`, token);
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await shown.getByRole('status').getByText('Copied.').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(token);
    await screenshot(page, `deploy-token-minted-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    // The team's CI: its own remote is published, another is refused.
    const version = `1.0.0-token.${width}.${Date.now()}`;
    const published = await asTeamCi(token, ['publish', 'mf-landing', '--version', version]);
    expect(published).toMatchObject({ exitCode: 0, output: { publishedBy: `token:${label}` } });
    const otherRemote = await asTeamCi(token, ['publish', 'mf-auth', '--version', version]);
    expect(otherRemote).toMatchObject({ exitCode: EXIT_NOT_ALLOWED, output: { code: 'BP_ERR_RELEASE_TOKEN_SCOPE' } });

    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(token).count()).resolves.toBe(0);
    await page.getByRole('button', { name: `Revoke ${label}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await dialog.getByRole('textbox', { name: 'Reason (revoke token)' }).fill('e2e: the team moved its CI');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: label }) });
    await card.getByText('Revoked', { exact: true }).waitFor();
    await screenshot(page, `deploy-token-revoked-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    const revoked = await asTeamCi(token, ['publish', 'mf-landing', '--version', `${version}.1`]);
    expect(revoked).toMatchObject({ exitCode: EXIT_NOT_ALLOWED, output: { code: 'BP_ERR_RELEASE_TOKEN_REQUIRED' } });
    expect(errors).toEqual([]);
    await context.close();
  });
});
