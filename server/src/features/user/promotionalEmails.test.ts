/**
 * The driver's own choice of promotional e-mail (docs/OPERATIONS.md "Promotions"): one setting,
 * switched in the account settings, read by the e-mailed opt-out link's page and by the console's
 * driver page, and obeyed by every promotional e-mail.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { bearer, expectFieldErrors, type TestApp, type TestDriver } from '../../../test/app.js';
import { testContext } from '../../../test/context.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { callAs, startOperatorSuite } from '../../../test/operatorSuite.js';
import { optOutKey, sendPromotionalEmail } from '../support/promotions.js';

describeEachDatabase('promotional e-mail setting', (database) => {
  let t: TestApp;
  let supportUser: TestDriver;
  let driver: TestDriver;

  before(async () => {
    ({ t, supportUser, driver } = await startOperatorSuite(database(), 'promo-setting-admin@blockpilot.test'));
  });
  after(async () => {
    await t.app.close();
  });

  const account = async () => (await callAs(t, driver, { url: '/api/user' })).json().data as { promotionalEmails: boolean };
  const save = (promotionalEmails: unknown, token = driver.token) =>
    t.app.inject({ method: 'POST', url: '/api/user/savePromotionalEmails', payload: { promotionalEmails }, headers: bearer(token) });
  const linkState = (key: string) => t.app.inject({ method: 'POST', url: '/api/promotion/optOutState', payload: { userId: key } });
  const consoleShows = async () => (await callAs(t, supportUser, { url: `/api/admin/users/${driver.id}` })).json().data.notifications.promotionsOptedOutAt as number | null;

  it('is on for a new account, and the driver switches it off and on again in the account settings', async () => {
    expect((await account()).promotionalEmails).toBe(true);
    const off = await save(false);
    expect(off.statusCode).toBe(200);
    expect(off.json().alert).toEqual(expect.any(String));
    expect((await account()).promotionalEmails).toBe(false);
    expect(await consoleShows()).toEqual(t.clock.now().getTime());
    const ctx = testContext(t.database);
    expect(await sendPromotionalEmail(ctx, driver.id, { subject: 'News', text: 'Hello' })).toBe(false);

    expect((await save(true)).statusCode).toBe(200);
    expect((await account()).promotionalEmails).toBe(true);
    expect(await consoleShows()).toBeNull();
    expect(await sendPromotionalEmail(ctx, driver.id, { subject: 'News', text: 'Hello' })).toBe(true);
  });

  it("the opt-out link's page reads the current state with the link's key alone", async () => {
    const key = optOutKey(testContext(t.database), driver.id);
    expect((await linkState(key)).json().data).toEqual({ promotionalEmails: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/promotion/optOut', payload: { userId: key } })).statusCode).toBe(200);
    expect((await linkState(key)).json().data).toEqual({ promotionalEmails: false });
    expect((await account()).promotionalEmails).toBe(false);
    // A key this server did not issue tells nothing.
    expectFieldErrors(await linkState(driver.id), ['userId']);
  });

  it('refuses anything but true or false, and needs a session', async () => {
    expectFieldErrors(await save('no'), ['promotionalEmails']);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/savePromotionalEmails', payload: { promotionalEmails: true } })).statusCode).toBe(401);
  });
});
