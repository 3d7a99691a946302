/**
 * Who a ticket is from (docs/OPERATIONS.md "Support inbox"): a ticket is linked to an account only
 * when it was sent signed in, to the session's user, never to the account of a typed address; a
 * ticket whose address is not proven to be its sender's is marked "sender not verified", and the
 * reply to it goes to the address given, saying so.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { bearer, call, mailTo, uniqueEmail, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { callAs, startOperatorSuite } from '../../../test/operatorSuite.js';

describeEachDatabase('who a ticket is from', (database) => {
  let t: TestApp;
  let supportUser: TestDriver;
  let driver: TestDriver;

  before(async () => {
    ({ t, supportUser, driver } = await startOperatorSuite(database(), 'senders-admin@blockpilot.test'));
  });
  after(async () => {
    await t.app.close();
  });

  const ask = (question: string, emailAddress: string, token?: string) =>
    call(t.app, {
      method: 'POST',
      url: '/api/help/sendQuestion',
      payload: { fullName: 'Zelda Q', emailAddress, phoneNumber: '+1 555 555 0199', question },
      headers: token ? bearer(token) : {},
    });
  const ticketAbout = async (question: string) => {
    const [ticket] = (await callAs(t, supportUser, { url: `/api/admin/tickets?q=${encodeURIComponent(question)}` })).json().data;
    return ticket as { id: number; userId: string | null; senderVerified: boolean; emailAddress: string };
  };
  const reply = (id: number) => callAs(t, supportUser, { method: 'POST', url: `/api/admin/tickets/${id}/reply`, payload: { text: 'Your credit is back.' } });

  it("a visitor who types a driver's address is not linked to the driver, is marked not verified, and the reply says so", async () => {
    // The attack: a stranger writes as the driver, hoping the inbox takes it for the driver's own words.
    expect((await ask('Please refund my last top-up to this new card.', driver.email)).statusCode).toBe(200);
    const ticket = await ticketAbout('refund my last top-up');
    expect(ticket).toMatchObject({ userId: null, senderVerified: false, emailAddress: driver.email });
    expect((await callAs(t, supportUser, { url: `/api/admin/tickets/${ticket.id}` })).json().data).toMatchObject({ userId: null, senderVerified: false });
    const page = (await callAs(t, supportUser, { url: `/api/admin/users/${driver.id}` })).json().data as { tickets: Array<{ id: number }> };
    expect(page.tickets.map((x) => x.id)).not.toContain(ticket.id);

    expect((await reply(ticket.id)).statusCode).toBe(200);
    const [mail] = await mailTo(t.database, driver.email, 2);
    expect(mail!.text).toContain('Your credit is back.');
    expect(mail!.text).toMatch(/could not verify.*If you did not write to us/s);
  });

  it("a signed-in driver's ticket is theirs, verified, whatever address is typed; only their own verified address counts as verified", async () => {
    expect((await ask('My search stopped by itself this morning.', driver.email, driver.token)).statusCode).toBe(200);
    const own = await ticketAbout('stopped by itself');
    expect(own).toMatchObject({ userId: driver.id, senderVerified: true });
    expect((await reply(own.id)).statusCode).toBe(200);
    const [mail] = await mailTo(t.database, driver.email);
    expect(mail!.text).toContain('Your credit is back.');
    expect(mail!.text).not.toMatch(/could not verify/);

    const other = uniqueEmail('someone-else');
    expect((await ask('Answer my colleague instead, please.', other, driver.token)).statusCode).toBe(200);
    const typed = await ticketAbout('my colleague instead');
    expect(typed).toMatchObject({ userId: driver.id, senderVerified: false, emailAddress: other });
    expect((await reply(typed.id)).statusCode).toBe(200);
    expect((await mailTo(t.database, other))[0]!.text).toMatch(/could not verify/);
  });
});
