/**
 * readLogPage on both databases: which entries a page holds (cursors, filters, a page ending inside
 * one poll's group, a group past MAX_PAGE_SIZE), in which order, and each entry's shape. The route's
 * own tests (features/platform/platform.test.ts) cover the same through HTTP on fewer shapes.
 */
import { after, before, it } from 'node:test';
import type { Insertable } from 'kysely';
import { expect } from 'expect';
import type { LogEntry, LogQuery } from '@blockpilot/shared/types';
import type { OfferLogTable } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { signUp, startTestApp, type TestApp } from '../../../test/app.js';
import { MAX_PAGE_SIZE, PAGE_SIZE, readLogPage } from './query.js';

const T0 = Date.UTC(2026, 10, 1, 8, 0, 0, 123);
const single = (i: number) => T0 + i * 1000;
/** One poll's offers, all at one time, between single(29) and single(40). */
const GROUP_AT = T0 + 35_000;
const GROUP_SIZE = 40;
const HUGE_GROUP_SIZE = MAX_PAGE_SIZE + 20;

describeEachDatabase('readLogPage', (database) => {
  let t: TestApp;
  let driver: string;
  let other: string;
  /** A driver whose one poll logged more offers than a page may hold. */
  let busy: string;
  const page = (userId: string, query: LogQuery) => readLogPage(t.database.db, userId, query);
  const times = (entries: LogEntry[]) => entries.map((e) => e.discoveredAt);

  before(async () => {
    t = await startTestApp(database());
    [driver, other, busy] = [(await signUp(t.app, t.database)).id, (await signUp(t.app, t.database)).id, (await signUp(t.app, t.database)).id];
    const row = (userId: string, key: string, at: number, i: number): Insertable<OfferLogTable> => {
      const accepted = i % 5 === 0;
      return {
        user_id: userId,
        offer_id: `${key}-${i}`,
        discovered_at: new Date(at),
        start_time: 1_800_000_000 + i,
        end_time: 1_800_003_600 + i,
        service_area_id: `area-${i % 3}`,
        price_amount: 40.5 + i,
        currency: 'USD',
        action: accepted ? 'BLOCK_ACCEPT' : 'BLOCK_IGNORE',
        reason: accepted ? null : i % 2 === 0 ? 'overlap' : 'filter',
        cost_cents: accepted ? 150 + i : 0,
        ...(!accepted && i % 2 === 0 ? { overlap_start_time: 1_799_000_000 + i, overlap_service_area_id: 'area-x' } : {}),
      };
    };
    // 60 single entries a second apart, minus 30..39 where the group sits instead.
    const singles = Array.from({ length: 60 }, (_, i) => i).filter((i) => i < 30 || i >= 40);
    await t.database.db
      .insertInto('offer_logs')
      .values([
        ...singles.map((i) => row(driver, 'single', single(i), i)),
        ...Array.from({ length: GROUP_SIZE }, (_, i) => row(driver, 'group', GROUP_AT, 100 + i)),
        // Forfeited: never in the log.
        { ...row(driver, 'forfeited', single(59) + 1, 5), forfeited_at: new Date(single(59) + 2) },
        ...singles.map((i) => row(other, 'single', single(i), i)),
      ])
      .execute();
    await t.database.db
      .insertInto('offer_logs')
      .values(Array.from({ length: HUGE_GROUP_SIZE }, (_, i) => row(busy, 'huge', GROUP_AT, i)))
      .execute();
  });
  after(async () => {
    await t.app.close();
  });

  it('newest first; a page ending inside one poll takes the rest of the poll, its entries by id, newest first', async () => {
    const newest = await page(driver, {});
    // 20 singles (59..40), then the group: its first 30 fill the page, the other 10 come along.
    expect(newest).toHaveLength(20 + GROUP_SIZE);
    expect(times(newest)).toEqual([...Array.from({ length: 20 }, (_, i) => single(59 - i)), ...Array<number>(GROUP_SIZE).fill(GROUP_AT)]);
    const groupIds = newest.slice(20).map((e) => e._id);
    expect(groupIds).toEqual([...groupIds].sort().reverse());
    expect(new Set(newest.map((e) => e._id)).size).toBe(newest.length);
  });

  it('$lt pages back from a time, $gt catches up oldest-first and answers newest first', async () => {
    expect(times(await page(driver, { discoveredAt: { $lt: GROUP_AT } }))).toEqual(Array.from({ length: 30 }, (_, i) => single(29 - i)));
    expect(await page(driver, { discoveredAt: { $lt: single(0) } })).toEqual([]);
    // 29 singles (1..29), then the group: the 50th oldest is inside it, so all of it comes along.
    const caughtUp = await page(driver, { discoveredAt: { $gt: single(0) } });
    expect(times(caughtUp)).toEqual([...Array<number>(GROUP_SIZE).fill(GROUP_AT), ...Array.from({ length: 29 }, (_, i) => single(29 - i))]);
    const groupIds = caughtUp.slice(0, GROUP_SIZE).map((e) => e._id);
    expect(groupIds).toEqual([...groupIds].sort().reverse());
    // A full page that does not end inside a group is exactly PAGE_SIZE.
    expect(times(await page(driver, { discoveredAt: { $gt: GROUP_AT } }))).toEqual(Array.from({ length: 20 }, (_, i) => single(59 - i)));
    expect(times(await page(driver, { discoveredAt: { $lt: single(59) } }))).toHaveLength(19 + GROUP_SIZE);
    expect(await page(driver, { discoveredAt: { $gt: single(59) } })).toEqual([]);
  });

  it('a poll larger than a page may hold gives MAX_PAGE_SIZE of its entries, by id, newest first', async () => {
    const entries = await page(busy, {});
    expect(entries).toHaveLength(MAX_PAGE_SIZE);
    expect(new Set(times(entries))).toEqual(new Set([GROUP_AT]));
    expect(new Set(entries.map((e) => e._id)).size).toBe(MAX_PAGE_SIZE);
    const ids = entries.map((e) => e._id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(await page(busy, { discoveredAt: { $gt: GROUP_AT - 1 } })).toHaveLength(MAX_PAGE_SIZE);
  });

  it('action.$in and reason.$in keep the chosen entries; an empty $in keeps none', async () => {
    const accepted = await page(driver, { action: { $in: ['BLOCK_ACCEPT'] } });
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.every((e) => e.action === 'BLOCK_ACCEPT')).toBe(true);
    // Accepted: i % 5 === 0 of the singles (0..25 and 40..55: 10) and of the group (100..135: 8).
    expect(accepted).toHaveLength(18);
    const overlaps = await page(driver, { reason: { $in: ['overlap'] }, discoveredAt: { $lt: GROUP_AT } });
    expect(overlaps.map((e) => e.startTime - 1_800_000_000)).toEqual([28, 26, 24, 22, 18, 16, 14, 12, 8, 6, 4, 2]);
    const ignored = await page(driver, { action: { $in: ['BLOCK_IGNORE'] }, reason: { $in: ['filter', 'overlap'] } });
    expect(ignored).toHaveLength(PAGE_SIZE);
    expect(ignored.every((e) => e.action === 'BLOCK_IGNORE')).toBe(true);
    expect(await page(driver, { action: { $in: ['BLOCK_ACCEPT'] }, reason: { $in: ['filter'] } })).toEqual([]);
    expect(await page(driver, { action: { $in: [] } })).toEqual([]);
    expect(await page(driver, { reason: { $in: [] } })).toEqual([]);
  });

  it('answers the LogEntry shape: the fee for accepted entries, the reason and the overlapped block for ignored ones', async () => {
    const entries = await page(driver, { discoveredAt: { $lt: single(11) } });
    const byIndex = new Map(entries.map((e) => [e.startTime - 1_800_000_000, e]));
    expect(byIndex.get(10)).toStrictEqual({
      _id: expect.any(String),
      action: 'BLOCK_ACCEPT',
      discoveredAt: single(10),
      startTime: 1_800_000_010,
      endTime: 1_800_003_610,
      serviceAreaId: 'area-1',
      cost: 160,
      rateInfo: { priceAmount: 50.5, currency: 'USD' },
    });
    expect(byIndex.get(8)).toStrictEqual({
      _id: expect.any(String),
      action: 'BLOCK_IGNORE',
      discoveredAt: single(8),
      startTime: 1_800_000_008,
      endTime: 1_800_003_608,
      serviceAreaId: 'area-2',
      rateInfo: { priceAmount: 48.5, currency: 'USD' },
      reason: 'overlap',
      overlaps: { startTime: 1_799_000_008, serviceAreaId: 'area-x' },
    });
    expect(byIndex.get(7)).toStrictEqual({
      _id: expect.any(String),
      action: 'BLOCK_IGNORE',
      discoveredAt: single(7),
      startTime: 1_800_000_007,
      endTime: 1_800_003_607,
      serviceAreaId: 'area-1',
      rateInfo: { priceAmount: 47.5, currency: 'USD' },
      reason: 'filter',
    });
  });

  it("never another driver's entries", async () => {
    const theirs = new Set((await page(other, { discoveredAt: { $lt: single(60) } })).map((e) => e._id));
    const mine = await page(driver, { discoveredAt: { $lt: single(60) } });
    expect(mine.some((e) => theirs.has(e._id))).toBe(false);
    expect(theirs.size).toBe(PAGE_SIZE);
  });
});
