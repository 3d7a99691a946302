import { describe, it } from 'node:test';
import { expect } from 'expect';
import pino from 'pino';
import { testContext } from '../../test/context.js';
import { describeEachDatabase, withOutage } from '../../test/databases.js';
import { signUpDriver, tomorrowAt } from '../../test/platform.js';
import type { IgnoredOffer } from './offerLog.js';
import { kyselyOfferLogStore } from '../stores/offerLog.js';
import { PendingWrites } from './pendingWrites.js';

const offer = (offerId: string): IgnoredOffer => ({
  offer: { offerId, startTime: tomorrowAt(3), endTime: tomorrowAt(5), serviceAreaId: 'area-1', priceAmount: 10, currency: 'USD' },
  reason: 'filter',
});

describe('pending engine writes', () => {
  describeEachDatabase('kept while the database is away', (database) => {
    const logged = async (userId: string) =>
      (await database().db.selectFrom('offer_logs').select(['offer_id', 'discovered_at']).where('user_id', '=', userId).orderBy('offer_id').execute()).map((r) => r.offer_id);

    it('writes what waits once the database is back, each offer once, and keeps it while it is not', async () => {
      const { user } = await signUpDriver(testContext(database()));
      const outage = withOutage(database());
      const pending = new PendingWrites(kyselyOfferLogStore(outage.database.db), user.id, pino({ level: 'silent' }));
      pending.keepIgnored(new Date('2026-11-22T03:00:00Z'), [offer('a'), offer('b')]);
      pending.keepIgnored(new Date('2026-11-22T03:00:01Z'), [offer('b'), offer('c')]);
      expect(pending.size).toBe(3);
      outage.down();
      await expect(pending.flush()).rejects.toThrow('the database is away');
      expect(pending.size).toBe(3);
      outage.up();
      await pending.flush();
      expect(pending.size).toBe(0);
      expect(await logged(user.id)).toEqual(['a', 'b', 'c']);
    });

    it('retries an attempt delete that failed, and drops the oldest entries past its limit', async () => {
      const { user } = await signUpDriver(testContext(database()));
      const outage = withOutage(database());
      const pending = new PendingWrites(kyselyOfferLogStore(outage.database.db), user.id, pino({ level: 'silent' }), 2);
      outage.down();
      await pending.deleteAttempt('gone');
      expect(pending.size).toBe(1);
      pending.keepIgnored(new Date(), [offer('old'), offer('mid'), offer('new')]);
      expect(pending.size).toBe(3);
      outage.up();
      await pending.flush();
      expect(pending.size).toBe(0);
      expect(await logged(user.id)).toEqual(['mid', 'new']);
    });
  });
});
