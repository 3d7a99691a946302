/**
 * Notify-only filters in a running search, against a real simulator and database (docs/PRODUCT.md
 * "Notify-only filters"): an offer only a notify filter matches is not accepted but logged as
 * ignored with the reason `notify`, and the driver is told at once with a one-tap accept link;
 * an offer an accept filter also matches is accepted as ever.
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { PAGES } from '@blockpilot/shared/pages';
import { readOutbox } from '../adapters/mail/outboxMailer.js';
import { acceptTokenParts, checkAcceptToken } from '../domain/acceptToken.js';
import { TestClock } from '../../test/clock.js';
import { simulatorEnv } from '../../test/config.js';
import { testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { anyBlockFilter, connectWithAnyBlockFilter, setFilters, signUpDriver, startSimulator, tomorrowAt, waitFor } from '../../test/platform.js';

describe('notify-only filters in a running search', { concurrency: true }, () =>
  describeEachDatabase('notify-only filters against the simulator', (database) => {
    it('logs an offer only a notify filter matches as `notify` and e-mails a one-tap link; takes one an accept filter matches too', async () => {
      const { sim, url } = await startSimulator();
      const ctx = testContext(database(), { clock: new TestClock(Date.now()), env: simulatorEnv(url), engine: { random: () => 1 } });
      try {
        const { user } = await signUpDriver(ctx);
        const { area, accountId } = await connectWithAnyBlockFilter(ctx, user);
        // Broad: any pay, only tell me. Strict: 150.00 or more, take it.
        await setFilters(ctx, user.id, [anyBlockFilter([area], { action: 'notify', pay: [0, 100] }), anyBlockFilter([area], { pay: [50, 100] })]);
        const mailbox = `notify-${user.id}@example.test`;
        await ctx.db.updateTable('users').set({ searching: true, timezone_offset: 0, time_zone: 'UTC', notify_email: mailbox }).where('id', '=', user.id).execute();
        ctx.search.start(user.id);

        sim.control.injectOffer({ serviceAreaId: area, offerId: 'cheap', startTime: tomorrowAt(8), durationHours: 2, priceAmount: 90 });
        sim.control.injectOffer({ serviceAreaId: area, offerId: 'rich', startTime: tomorrowAt(14), durationHours: 2, priceAmount: 200 });
        const rows = await waitFor('both offers logged', async () => {
          const found = await ctx.db.selectFrom('offer_logs').select(['id', 'offer_id', 'action', 'reason']).where('user_id', '=', user.id).execute();
          return found.length === 2 && found.every((row) => row.action === 'BLOCK_IGNORE' || row.action === 'BLOCK_ACCEPT') && found;
        });
        const byOffer = Object.fromEntries(rows.map((row) => [row.offer_id, row]));
        expect(byOffer.cheap).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'notify' });
        await waitFor(
          'the rich block booked',
          async () => (await ctx.db.selectFrom('offer_logs').select('action').where('offer_id', '=', 'rich').executeTakeFirst())?.action === 'BLOCK_ACCEPT',
        );
        expect(sim.control.readRecord({ accountId }).accepts.map((accept) => accept.offerId)).toEqual(['rich']);

        const mail = await waitFor('the offered e-mail', async () => (await readOutbox(ctx.db, { to: mailbox })).find((m) => m.subject.startsWith('Block to accept')));
        expect(mail.text).toContain('Pay: $90.00');
        const link = /Accept: (\S+)/.exec(mail.text)![1]!;
        const prefix = `https://blockpilot.test${PAGES.acceptOffer.path.split(':')[0]}`;
        expect(link.startsWith(prefix)).toBe(true);
        const parts = acceptTokenParts(decodeURIComponent(link.slice(prefix.length)))!;
        expect(parts.logId).toBe(byOffer.cheap!.id);
        expect(parts.expiresAtSeconds).toBe(tomorrowAt(8));
        expect(checkAcceptToken(ctx.linkSigningKey, user.id, parts, Date.now())).toBe('valid');
      } finally {
        await ctx.db.updateTable('users').set({ searching: false }).execute();
        await ctx.search.close();
        await ctx.background.drain();
        await ctx.platform.close();
        await sim.close();
      }
    });
  }),
);
