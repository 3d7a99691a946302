/**
 * What the operator console publishes, seen where drivers see it (docs/OPERATIONS.md "Knowledge
 * base" and "Promotions"): an admin publishes an article and a driver reads it on the knowledge
 * base, reached from the menu; an admin sends a promotion, a driver opts out through its link, and
 * the next promotion reaches the driver who stayed and not the one who left, whose link then says
 * they are out already, as it does for a driver who switched promotions off in their account; the engine-health
 * screen opens with its workers and queues. The console's and the drivers' screens are checked with axe, at desktop and phone
 * widths.
 */
import type { Browser } from 'playwright-core';
import { E2E_ADMIN_EMAIL, registerDriver } from '../src/support/accounts';
import { seriousViolations } from '../src/support/axe';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { ensureOperator, outboxOf, signInThroughPage } from '../src/support/operator';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it('an admin publishes a knowledge-base article; a driver finds it from the menu on the public knowledge base', async () => {
  const { baseUrl } = product();
  await ensureOperator(baseUrl);
  const question = `Can I choose when my break starts? (${Date.now()})`;

  const operator = await openPage(browser, 1440, { injectsScripts: true });
  await signInThroughPage(operator.page, E2E_ADMIN_EMAIL);
  await visit(operator.page, '/admin/knowledgeBase');
  await operator.page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor();
  await operator.page.getByRole('button', { name: 'New article' }).click();
  const form = operator.page.getByRole('form', { name: 'New article' });
  await form.getByRole('textbox', { name: 'Question' }).fill(question);
  await form.getByRole('textbox', { name: 'Answer' }).fill('Yes, within the block.\n\n- Tell the station lead\n- Take it before the last hour');
  await form.getByRole('checkbox', { name: 'Published: drivers see it at once' }).check();
  // The live preview renders what drivers will read.
  await form.getByRole('region', { name: 'Preview' }).getByText('Tell the station lead').waitFor();
  expect(await seriousViolations(operator.page)).toEqual([]);
  await form.getByRole('button', { name: 'Save article' }).click();
  const card = operator.page
    .getByRole('list', { name: 'Articles' })
    .getByRole('listitem')
    .filter({ has: operator.page.getByRole('heading', { level: 2, name: question }) });
  await card.getByText('Published').waitFor();
  await screenshot(operator.page, 'admin-knowledge-base-published');
  // The engine-health screen, its own chunk, loads when opened; its charts and table pass axe.
  await operator.page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Engine health' }).click();
  await operator.page.getByRole('heading', { level: 2, name: 'Right now' }).waitFor();
  await operator.page.getByText('Drivers searching', { exact: true }).first().waitFor();
  // Who runs the work: the single process here, with its promotion queue.
  await operator.page.getByRole('region', { name: 'Workers and queues' }).getByRole('table', { name: 'Job queues' }).waitFor();
  expect(await seriousViolations(operator.page)).toEqual([]);
  await screenshot(operator.page, 'admin-engine-health');
  expect(operator.errors).toEqual([]);
  await operator.context.close();

  const token = await registerDriver(baseUrl);
  const driver = await openPage(browser, 360, { injectsScripts: true });
  await driver.context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
  await visit(driver.page, '/help');
  // On a phone the links fold into the menu; the knowledge base is its last entry.
  await driver.page.getByRole('button', { name: 'Menu' }).click();
  await driver.page.getByTestId('nav-drawer').getByRole('link', { name: 'Knowledge base' }).click();
  await driver.page.waitForURL('**/knowledgeBase');
  await driver.page.getByRole('button', { name: question }).click();
  await driver.page.getByText('Take it before the last hour').waitFor();
  await screenshot(driver.page, 'knowledge-base-new-article-phone');
  expect(await seriousViolations(driver.page)).toEqual([]);
  expect(driver.errors).toEqual([]);
  await driver.context.close();
});

/** The outbox's promotion e-mail with `subject` for `to`, once delivered (it goes out in the background). */
async function promotionMail(baseUrl: string, to: string, subject: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = (await outboxOf(baseUrl, to)).find((m) => m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`the promotion "${subject}" never reached ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('a promotion reaches opted-in drivers, and not one who opted out through the link in an earlier one', async () => {
  const { baseUrl } = product();
  await ensureOperator(baseUrl);
  const stamp = Date.now();
  const stays = `stays-${stamp}@example.com`;
  const leaves = `leaves-${stamp}@example.com`;
  await registerDriver(baseUrl, { emailAddress: stays });
  await registerDriver(baseUrl, { emailAddress: leaves });

  const operator = await openPage(browser, 360, { injectsScripts: true });
  await signInThroughPage(operator.page, E2E_ADMIN_EMAIL);
  await visit(operator.page, '/admin/promotions');
  await operator.page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();

  /** Composes a promotion in the console, sends it, and waits until the console says it is sent. */
  const sendPromotion = async (subject: string, text: string) => {
    const form = operator.page.getByRole('form', { name: 'New promotion' });
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form.getByRole('textbox', { name: 'Message' }).fill(text);
    await form
      .getByRole('region', { name: 'Preview' })
      .getByRole('heading', { name: `Preview: ${subject}` })
      .waitFor();
    await form.getByRole('button', { name: 'Save draft' }).click();
    const card = operator.page
      .getByRole('list', { name: 'Promotions' })
      .getByRole('listitem')
      .filter({ has: operator.page.getByRole('heading', { level: 2, name: subject }) });
    await card.getByRole('button', { name: 'Send to drivers' }).click();
    await operator.page.getByRole('dialog', { name: 'Send this promotion?' }).getByRole('button', { name: 'Send now' }).click();
    // The console polls the delivery while it runs.
    await card.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
  };

  const first = `Spring blocks ${stamp}`;
  await sendPromotion(first, 'More blocks at your stations this spring.');
  expect(await seriousViolations(operator.page)).toEqual([]);
  await promotionMail(baseUrl, stays, first);
  const link = /\/promotionOptOut\/\S+/.exec((await promotionMail(baseUrl, leaves, first)).text)?.[0];
  if (!link) throw new Error('the promotion carried no opt-out link');

  // The driver who leaves follows the link from the e-mail on their phone, not signed in.
  const leaving = await openPage(browser, 360, { injectsScripts: true });
  await visit(leaving.page, link);
  await leaving.page.getByRole('button', { name: 'Unsubscribe from promotional e-mails' }).click();
  await leaving.page.getByRole('status').getByText('You will not receive promotional e-mails from BlockPilot any more.').waitFor();
  expect(await seriousViolations(leaving.page)).toEqual([]);
  expect(leaving.errors).toEqual([]);
  await leaving.context.close();

  const second = `Summer blocks ${stamp}`;
  await sendPromotion(second, 'Longer days, more blocks.');
  await screenshot(operator.page, 'admin-promotions-sent-phone');
  await promotionMail(baseUrl, stays, second);
  // Both were sent in full before the console said "Sent": the driver who left has the first only.
  expect((await outboxOf(baseUrl, leaves)).filter((m) => m.subject === first || m.subject === second).map((m) => m.subject)).toEqual([first]);
  expect(operator.errors).toEqual([]);
  await operator.context.close();

  // The link opened again says the e-mails are off already, with nothing to press.
  const again = await openPage(browser, 360, { injectsScripts: true });
  await visit(again.page, link);
  await again.page.getByRole('status').getByText('You are already unsubscribed.').waitFor();
  expect(await again.page.getByRole('button', { name: 'Unsubscribe from promotional e-mails' }).count()).toBe(0);
  await again.context.close();

  // The driver who stayed switches them off in their account instead; their link then says so too.
  const staysLink = /\/promotionOptOut\/\S+/.exec((await promotionMail(baseUrl, stays, first)).text)![0];
  const staying = await openPage(browser, 360, { injectsScripts: true });
  await signInThroughPage(staying.page, stays);
  await visit(staying.page, '/account/notificationPreferences');
  const choice = staying.page.getByRole('switch', { name: 'Send me promotional e-mails' });
  expect(await choice.isChecked()).toBe(true);
  await choice.click({ force: true });
  await staying.page.getByRole('status').getByText('Saved: no more promotional e-mails.').waitFor();
  expect(await seriousViolations(staying.page)).toEqual([]);
  await visit(staying.page, staysLink);
  await staying.page.getByRole('status').getByText('You are already unsubscribed.').waitFor();
  expect(staying.errors).toEqual([]);
  await staying.context.close();
});
