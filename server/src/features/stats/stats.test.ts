/**
 * The driver's app routes (docs/LIVE.md "The driver's app") on each database: the stats summed by
 * the database per day, week, station and hour in the driver's time zone; the calendar's blocks;
 * the private calendar feed (valid iCalendar, rotated and revoked links answer 404, one driver's
 * link never shows another's blocks).
 */
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { DriverStats, IgnoreReason, LogEntry } from '@blockpilot/shared/types';
import { charge, ledgerKey, refund } from '../../domain/ledger.js';
import { bearer, expectFieldErrors, expectSignInRequired, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { TestClock } from '../../../test/clock.js';
import { describeEachDatabase } from '../../../test/databases.js';

/** Epoch seconds of a New York wall-clock time in November 2026 (UTC-5, after daylight saving ended). */
const newYork = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 5, minute) / 1000;

interface Offer {
  start: number;
  hours: number;
  pay: number;
  area?: string;
  reason?: IgnoreReason;
  fee?: number;
  forfeited?: boolean;
}

describeEachDatabase("the driver's app: stats, calendar and feed", (database) => {
  let t: TestApp;
  let a: TestDriver;
  let b: TestDriver;
  const ids: Record<string, string> = {};

  async function logOffer(driver: TestDriver, name: string, { start, hours, pay, area = 'area-1', reason, fee = 0, forfeited = false }: Offer): Promise<void> {
    const db = t.database.db;
    const row = await db
      .insertInto('offer_logs')
      .values({
        user_id: driver.id,
        offer_id: randomUUID(),
        discovered_at: new Date((start - 86_400) * 1000),
        start_time: start,
        end_time: start + hours * 3600,
        service_area_id: area,
        price_amount: pay,
        currency: 'USD',
        action: reason ? 'BLOCK_IGNORE' : 'BLOCK_ACCEPT',
        reason: reason ?? null,
        cost_cents: fee,
        forfeited_at: forfeited ? new Date() : null,
        overlap_start_time: null,
        overlap_service_area_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
    await db.transaction().execute(async (trx) => {
      if (fee > 0) expect((await charge(trx, driver.id, ledgerKey.fee(row.id), fee)).status).toBe('applied');
      if (fee > 0 && forfeited) expect((await refund(trx, driver.id, ledgerKey.fee(row.id), ledgerKey.refund(row.id))).status).toBe('applied');
    });
  }

  before(async () => {
    t = await startTestApp(database(), { clock: new TestClock(Date.UTC(2026, 10, 20)) });
    a = await signUp(t.app, t.database);
    b = await signUp(t.app, t.database);
    await t.database.db.updateTable('users').set({ time_zone: 'America/New_York', timezone_offset: 300 }).where('id', '=', a.id).execute();
    await t.database.db.updateTable('users').set({ time_zone: 'America/New_York' }).where('id', '=', b.id).execute();
    await t.database.db
      .insertInto('platform_accounts')
      .values({
        user_id: a.id,
        region: 'NA',
        platform_user_id: 'p-a',
        instance_id: randomUUID(),
        device_serial: 'serial-a',
        refresh_token: 'x',
        access_token: 'x',
        access_issued_at: new Date(),
        access_expires_at: new Date(),
        service_areas: JSON.stringify([{ id: 'area-1', name: 'Seattle (DWA6), Amazon.com' }]),
        service_areas_fetched_at: new Date(),
        schedule: null,
        schedule_read_at: null,
        eligible_service_areas: null,
        eligible_read_at: null,
      })
      .execute();
    // Monday 23 November 23:30 in New York is already Tuesday in UTC: it counts on Monday.
    await logOffer(a, 'lateMonday', { start: newYork(23, 23, 30), hours: 3, pay: 72.5, fee: 254 });
    await logOffer(a, 'forfeited', { start: newYork(24, 10), hours: 4, pay: 100, fee: 350, forfeited: true });
    // In a trial: no fee, so no ledger entry.
    await logOffer(a, 'nextWeek', { start: newYork(30, 8), hours: 2, pay: 50 });
    // Kept out by the driver's own limits after the filter took them (docs/ENGINE.md "Ignore reasons").
    await logOffer(a, 'tooFar', { start: newYork(30, 10, 30), hours: 2, pay: 60, reason: 'travel' });
    await logOffer(a, 'overCap', { start: newYork(31, 8), hours: 5, pay: 90, reason: 'weekCap' });
    await logOffer(a, 'taken', { start: newYork(23, 9), hours: 3, pay: 60, area: 'area-2', reason: 'taken' });
    await logOffer(a, 'time', { start: newYork(23, 5), hours: 3, pay: 60, reason: 'time' });
    await logOffer(a, 'time2', { start: newYork(25, 5), hours: 3, pay: 60, reason: 'time' });
    await logOffer(a, 'overlap', { start: newYork(24, 11), hours: 3, pay: 60, reason: 'overlap' });
    await logOffer(a, 'hidden', { start: newYork(24, 12), hours: 3, pay: 60, area: 'area-2', reason: 'hidden' });
    // Sunday 22 November 23:00 in New York, Monday in UTC: outside a span starting on the 23rd.
    await logOffer(a, 'sunday', { start: newYork(22, 23), hours: 2, pay: 40, fee: 140 });
    // B's blocks, at the same times: never in A's answers.
    await logOffer(b, 'bBlock', { start: newYork(23, 12), hours: 5, pay: 999, fee: 500, area: 'area-9' });
    await logOffer(b, 'bTaken', { start: newYork(23, 13), hours: 5, pay: 999, area: 'area-9', reason: 'taken' });
  });
  after(async () => {
    await t.app.close();
  });

  const get = (url: string, token?: string) => t.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });
  const stats = async (query: string, token = a.token): Promise<DriverStats> => {
    const res = await get(`/api/user/stats?${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  describe('GET /api/user/stats', () => {
    it('sums each day and week of the span in the driver time zone, forfeited blocks costing nothing', async () => {
      const s = await stats('from=2026-11-23&to=2026-12-06');
      expect(s).toMatchObject({ from: '2026-11-23', to: '2026-12-06', timeZone: 'America/New_York' });
      expect(s.days).toHaveLength(14);
      expect(s.days[0]).toEqual({ start: '2026-11-23', accepted: 1, forfeited: 0, minutesBooked: 180, payCents: 7250, payPerHourCents: 2417, feesCents: 254 });
      expect(s.days[1]).toEqual({ start: '2026-11-24', accepted: 1, forfeited: 1, minutesBooked: 0, payCents: 0, payPerHourCents: null, feesCents: 0 });
      expect(s.days[7]).toEqual({ start: '2026-11-30', accepted: 1, forfeited: 0, minutesBooked: 120, payCents: 5000, payPerHourCents: 2500, feesCents: 0 });
      expect(s.days[13]).toEqual({ start: '2026-12-06', accepted: 0, forfeited: 0, minutesBooked: 0, payCents: 0, payPerHourCents: null, feesCents: 0 });
      expect(s.weeks).toEqual([
        { start: '2026-11-23', accepted: 2, forfeited: 1, minutesBooked: 180, payCents: 7250, payPerHourCents: 2417, feesCents: 254 },
        { start: '2026-11-30', accepted: 1, forfeited: 0, minutesBooked: 120, payCents: 5000, payPerHourCents: 2500, feesCents: 0 },
      ]);
      expect(s.totals).toEqual({ accepted: 3, forfeited: 1, minutesBooked: 300, payCents: 12250, payPerHourCents: 2450, feesCents: 254 });
    });

    it('counts the funnel per station, per hour of the block start and per reason', async () => {
      const s = await stats('from=2026-11-23&to=2026-11-29');
      expect(s.funnel).toEqual({ seen: 7, matching: 4, accepted: 2, lost: 1 });
      expect(s.byServiceArea).toEqual([
        { serviceAreaId: 'area-1', seen: 5, matching: 3, accepted: 2, lost: 0 },
        { serviceAreaId: 'area-2', seen: 2, matching: 1, accepted: 0, lost: 1 },
      ]);
      expect(s.byHour).toHaveLength(24);
      expect(s.byHour[23]).toEqual({ hour: 23, seen: 1, matching: 1, accepted: 1, lost: 0 });
      expect(s.byHour[5]).toEqual({ hour: 5, seen: 2, matching: 0, accepted: 0, lost: 0 });
      expect(s.byHour[9]).toEqual({ hour: 9, seen: 1, matching: 1, accepted: 0, lost: 1 });
      expect(s.byHour[0]).toEqual({ hour: 0, seen: 0, matching: 0, accepted: 0, lost: 0 });
      expect(s.ignoredByReason).toEqual([
        { reason: 'time', count: 2 },
        { reason: 'hidden', count: 1 },
        { reason: 'overlap', count: 1 },
        { reason: 'taken', count: 1 },
      ]);
    });

    it('counts offers the work limits or the travel check kept out as matching, not accepted', async () => {
      const s = await stats('from=2026-11-30&to=2026-12-06');
      expect(s.funnel).toEqual({ seen: 3, matching: 3, accepted: 1, lost: 0 });
      expect(s.ignoredByReason).toEqual(
        expect.arrayContaining([
          { reason: 'travel', count: 1 },
          { reason: 'weekCap', count: 1 },
        ]),
      );
    });

    it('uses the fixed offset when the driver sent no zone', async () => {
      await t.database.db.updateTable('users').set({ time_zone: null }).where('id', '=', a.id).execute();
      try {
        const s = await stats('from=2026-11-22&to=2026-11-23');
        expect(s.timeZone).toBe('UTC-05:00');
        expect(s.days.map((d) => [d.start, d.accepted])).toEqual([
          ['2026-11-22', 1],
          ['2026-11-23', 1],
        ]);
      } finally {
        await t.database.db.updateTable('users').set({ time_zone: 'America/New_York' }).where('id', '=', a.id).execute();
      }
    });

    it("answers only the caller's own figures", async () => {
      const s = await stats('from=2026-11-23&to=2026-11-29', b.token);
      expect(s.totals).toMatchObject({ accepted: 1, payCents: 99900, feesCents: 500 });
      expect(s.funnel).toEqual({ seen: 2, matching: 2, accepted: 1, lost: 1 });
      expect(s.byServiceArea.map((r) => r.serviceAreaId)).toEqual(['area-9']);
    });

    it('refuses a bad span with a message per field', async () => {
      const bad = async (query: string, fields: string[]) => expectFieldErrors(await get(`/api/user/stats?${query}`, a.token), fields);
      await bad('', ['from', 'to']);
      await bad('from=2026-11-23', ['to']);
      await bad('from=2026-02-30&to=2026-03-01', ['from']);
      await bad('from=23/11/2026&to=2026-11-29', ['from']);
      await bad('from=2026-11-23&to=2026-11-22', ['to']);
      await bad('from=2026-01-01&to=2026-06-30', ['to']);
      await bad('from=2026-11-23&to=2026-11-29&user=x', ['user']);
      const error = (await get('/api/user/stats?from=2026-11-23&to=2026-11-22', a.token)).json();
      expect(error.code).toBe('BP_ERR_VALIDATION');
    });

    it('needs a signed-in driver', async () => {
      expectSignInRequired(await get('/api/user/stats?from=2026-11-23&to=2026-11-29'));
      expectSignInRequired(await get('/api/user/blocks?from=2026-11-23&to=2026-11-29'));
      expectSignInRequired(await t.app.inject({ method: 'POST', url: '/api/user/calendarFeed' }));
      expectSignInRequired(await t.app.inject({ method: 'DELETE', url: '/api/user/calendarFeed' }));
    });
  });

  describe('GET /api/user/blocks', () => {
    it("lists the week's kept blocks, earliest first, as log entries", async () => {
      const res = await get('/api/user/blocks?from=2026-11-23&to=2026-11-29', a.token);
      expect(res.statusCode).toBe(200);
      const blocks: LogEntry[] = res.json().data;
      expect(blocks.map((e) => e._id)).toEqual([ids.lateMonday]);
      expect(blocks[0]).toMatchObject({ action: 'BLOCK_ACCEPT', startTime: newYork(23, 23, 30), cost: 254, rateInfo: { priceAmount: 72.5 } });
      const next = await get('/api/user/blocks?from=2026-11-30&to=2026-12-06', b.token);
      expect(next.json().data).toEqual([]);
      expectFieldErrors(await get('/api/user/blocks?from=2026-11-30', a.token), ['to']);
    });
  });

  describe('the calendar feed', () => {
    const feedPath = (url: string) => new URL(url).pathname;

    it('is made, read as iCalendar without a token header, rotated and revoked', async () => {
      expect((await get('/api/user/calendarFeed', a.token)).json().data).toEqual({ createdAt: null });
      const made = await t.app.inject({ method: 'POST', url: '/api/user/calendarFeed', headers: bearer(a.token) });
      expect(made.statusCode).toBe(200);
      const { url, createdAt } = made.json().data;
      // The first link replaced none, so the toast does not say an earlier one stopped working.
      expect(made.json().alert).toBe('Your calendar link is ready.');
      expect(url).toMatch(/^https:\/\/blockpilot\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect(createdAt).toBe(t.clock.now().getTime());
      expect((await get('/api/user/calendarFeed', a.token)).json().data).toEqual({ createdAt });
      // Only the hash is stored.
      const stored = await t.database.db.selectFrom('calendar_feeds').select('token_hash').where('user_id', '=', a.id).executeTakeFirstOrThrow();
      expect(url).not.toContain(stored.token_hash);

      const feed = await get(feedPath(url));
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(feed.headers['cache-control']).toBe('private, no-store');
      const text = feed.body;
      expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      // Unfolded, the events: A's kept blocks (the Sunday one, Monday night's, next week's), not the forfeited one.
      const unfolded = text.replace(/\r\n /g, '');
      expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(3);
      expect(unfolded).toContain(`UID:${ids.lateMonday}@blockpilot`);
      expect(unfolded).toContain('DTSTART:20261124T043000Z\r\nDTEND:20261124T073000Z');
      expect(unfolded).toContain('SUMMARY:Amazon Flex block\\, Seattle (DWA6)\\, Amazon.com');
      expect(unfolded).toContain('DESCRIPTION:Pay: $72.50. Accepted by BlockPilot.');
      expect(unfolded).toContain('X-WR-CALNAME:BlockPilot blocks');
      expect(unfolded).not.toContain(ids.forfeited!);
      expect(unfolded).not.toContain(ids.bBlock!);

      const rotation = (await t.app.inject({ method: 'POST', url: '/api/user/calendarFeed', headers: bearer(a.token) })).json();
      expect(rotation.alert).toBe('Your new calendar link is ready. The earlier link no longer works.');
      const rotated = rotation.data.url;
      expect(rotated).not.toBe(url);
      expect((await get(feedPath(url))).statusCode).toBe(404);
      expect((await get(feedPath(rotated))).statusCode).toBe(200);

      const revoked = await t.app.inject({ method: 'DELETE', url: '/api/user/calendarFeed', headers: bearer(a.token) });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().alert).toBe('Your calendar link was revoked.');
      const gone = await get(feedPath(rotated));
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe('BP_ERR_NOT_FOUND');
      expect((await get('/api/user/calendarFeed', a.token)).json().data).toEqual({ createdAt: null });
    });

    it("speaks the account's language: a calendar app sends none of its own", async () => {
      await t.database.db.updateTable('users').set({ language: 'es' }).where('id', '=', a.id).execute();
      try {
        const url = (await t.app.inject({ method: 'POST', url: '/api/user/calendarFeed', headers: bearer(a.token) })).json().data.url;
        const text = (await get(feedPath(url))).body.replace(/\r\n /g, '');
        expect(text).toContain('X-WR-CALNAME:Bloques de BlockPilot');
        expect(text).toContain('SUMMARY:Bloque de Amazon Flex\\, Seattle (DWA6)\\, Amazon.com');
        expect(text).toContain('DESCRIPTION:Pago: $72.50. Aceptado por BlockPilot.');
        expect(text).not.toContain('Accepted by BlockPilot');
      } finally {
        await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', a.id).execute();
      }
    });

    it('shows each driver only their own blocks, and an unknown token nothing', async () => {
      const urlOfB = (await t.app.inject({ method: 'POST', url: '/api/user/calendarFeed', headers: bearer(b.token) })).json().data.url;
      const text = (await get(feedPath(urlOfB))).body.replace(/\r\n /g, '');
      expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(text).toContain(`UID:${ids.bBlock}@blockpilot`);
      expect(text).toContain('SUMMARY:Amazon Flex block\\, area-9');
      for (const name of ['lateMonday', 'nextWeek', 'sunday']) expect(text).not.toContain(ids[name]!);
      // A's access token is no feed token.
      expect((await get(`/api/calendar/${a.token}.ics`)).statusCode).toBe(404);
      expect((await get('/api/calendar/unknown.ics')).statusCode).toBe(404);
    });
  });
});
