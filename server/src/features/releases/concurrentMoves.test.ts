/**
 * Moves of one channel from two API instances at once (docs/RELEASES.md "Moves: promote, rollback,
 * compare-and-swap"): the compare-and-swap is per remote, so two teams moving different remotes
 * never refuse each other, while two moves of one remote at once never both win; and the
 * compatibility gate still sees every other remote as it is when the move commits.
 *
 * "At once" means both requests read the channel before either moves it. On PostgreSQL the test
 * makes sure of it: it holds the channel's row until every request waits on it, then lets go. On
 * PGlite (one embedded database) the two requests interleave their reads on its one connection.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { REACT_19, releaseBuild as build } from '../../../test/releaseBuild.js';
import { admin, startReleaseInstances, type ReleaseInstances } from '../../../test/releaseInstances.js';
import type { Database } from '../../db/types.js';

const CHANNEL = 'production';
/** How long a request may take to start waiting on the held channel (a stuck test fails, it does not hang). */
const WAIT_LIMIT_MS = 10_000;

/** Shares a module nothing else live shares, at `major` (beside the shell's singletons): each alone passes the gate, the two together do not. */
const withZod = (major: 3 | 4) => ({ shared: [...REACT_19, { name: 'zod', version: `${major}.0.0`, requiredVersion: `^${major}.0.0` }] });

describeEachDatabase('channel moves from two API instances at once', (database, kind) => {
  let deployment: ReleaseInstances;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    deployment = await startReleaseInstances(database(), 2);
    [a, b] = deployment.instances as [TestApp, TestApp];
    for (const remote of ['mf_auth', 'mf_dashboard', 'mf_account'])
      for (const version of ['1.0.0', '2.0.0', '3.0.0']) expect((await publish(a, remote, version, build(remote, `${remote} ${version}`))).statusCode).toBe(200);
    expect((await publish(a, 'mf_account', '4.0.0', build('mf_account', 'account zod 3', withZod(3)))).statusCode).toBe(200);
    expect((await publish(a, 'mf_dashboard', '4.0.0', build('mf_dashboard', 'dashboard zod 4', withZod(4)))).statusCode).toBe(200);
    for (const remote of ['mf_auth', 'mf_dashboard', 'mf_account']) expect((await promote(a, { remote, version: '1.0.0' })).statusCode).toBe(200);
  });
  after(async () => {
    await deployment?.close();
  });

  function publish(t: TestApp, remote: string, version: string, body: object) {
    return t.app.inject({ method: 'PUT', url: `/api/releases/${remote}/${version}`, payload: body, headers: admin });
  }
  function promote(t: TestApp, body: object) {
    return t.app.inject({ method: 'POST', url: `/api/releases/channels/${CHANNEL}/promote`, payload: body, headers: admin });
  }
  async function channelNow() {
    const channels = (await a.app.inject({ url: '/api/releases/channels', headers: admin })).json().data as Array<{
      name: string;
      revision: number;
      entries: Array<{ remote: string; revision: number; release: { version: string } }>;
    }>;
    return channels.find((c) => c.name === CHANNEL)!;
  }
  const liveVersion = async (remote: string) => (await channelNow()).entries.find((e) => e.remote === remote)?.release.version;

  /** Sends every request so that each has read the channel before any of them moves it. */
  async function atOnce(requests: Array<() => Promise<LightMyRequestResponse>>): Promise<LightMyRequestResponse[]> {
    if (kind === 'pglite') return Promise.all(requests.map((send) => send()));
    const db = database().db;
    const pending = await db.transaction().execute(async (trx) => {
      await sql`select name from release_channels where name = ${CHANNEL} for update`.execute(trx);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      let settled = 0;
      const sent = requests.map((send) => send().finally(() => settled++));
      await waitForWaiters(database(), rows[0]!.pid, () => settled, requests.length);
      return sent;
    });
    return Promise.all(pending);
  }

  it('lets two teams promote different remotes at once, each with the revision it read: both win', async () => {
    const { revision } = await channelNow();
    const results = await atOnce([
      () => promote(a, { remote: 'mf_auth', version: '2.0.0', expectedRevision: revision }),
      () => promote(b, { remote: 'mf_dashboard', version: '2.0.0', expectedRevision: revision }),
    ]);
    expect(results.map((r) => [r.statusCode, r.json().code])).toEqual([
      [200, undefined],
      [200, undefined],
    ]);
    expect([await liveVersion('mf_auth'), await liveVersion('mf_dashboard')]).toEqual(['2.0.0', '2.0.0']);
  });

  it('lets two teams promote different remotes at once without a revision: both win', async () => {
    const results = await atOnce([() => promote(a, { remote: 'mf_auth', version: '3.0.0' }), () => promote(b, { remote: 'mf_dashboard', version: '3.0.0' })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect([await liveVersion('mf_auth'), await liveVersion('mf_dashboard')]).toEqual(['3.0.0', '3.0.0']);
  });

  it('refuses one of two promotes of the same remote at once without a revision, telling the loser what is live now', async () => {
    const results = await atOnce([() => promote(a, { remote: 'mf_account', version: '2.0.0' }), () => promote(b, { remote: 'mf_account', version: '3.0.0' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data.version as string;
    const loser = results.find((r) => r.statusCode === 409)!.json();
    expect(loser).toMatchObject({
      code: 'BP_ERR_RELEASE_REVISION_CONFLICT',
      data: { remote: 'mf_account', revision: (await channelNow()).revision, live: { release: { version: winner }, canary: null } },
    });
    expect(loser.alert).toContain(winner);
    expect(await liveVersion('mf_account')).toBe(winner);
    // The move the loser did not make is not in the history.
    const history = (await a.app.inject({ url: `/api/releases/channels/${CHANNEL}/history?remote=mf_account`, headers: admin })).json().data;
    expect(history.filter((h: { action: string }) => h.action === 'promote').map((h: { toVersion: string }) => h.toVersion)).toEqual([winner, '1.0.0']);
  });

  it('refuses one of two promotes of the same remote at once with the revision both read', async () => {
    const { entries } = await channelNow();
    const { revision } = entries.find((e) => e.remote === 'mf_auth')!;
    const results = await atOnce([
      () => promote(a, { remote: 'mf_auth', version: '1.0.0', expectedRevision: revision }),
      () => promote(b, { remote: 'mf_auth', version: '2.0.0', expectedRevision: revision }),
    ]);
    expect(results.map((r) => [r.statusCode, r.json().code]).sort()).toEqual([
      [200, undefined],
      [409, 'BP_ERR_RELEASE_REVISION_CONFLICT'],
    ]);
  });

  it('keeps the gate sound: two remotes at once that each pass alone but clash with each other, the second is refused by the gate', async () => {
    const results = await atOnce([() => promote(a, { remote: 'mf_account', version: '4.0.0' }), () => promote(b, { remote: 'mf_dashboard', version: '4.0.0' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!.json();
    expect(refused.code).toBe('BP_ERR_RELEASE_GATE_REFUSED');
    expect(refused.data.mismatches.map((m: { subject: string }) => m.subject)).toContain('zod');
    expect([await liveVersion('mf_account'), await liveVersion('mf_dashboard')].filter((v) => v === '4.0.0')).toHaveLength(1);
  });
});

/**
 * Waits until `count` requests wait behind the transaction of `holder` (directly, or behind one
 * another in the row's queue), or have finished (a request refused before it reached the row).
 */
async function waitForWaiters(database: Database, holder: number, settled: () => number, count: number): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      with recursive waiting(pid) as (
        select pid from pg_stat_activity where ${holder} = any(pg_blocking_pids(pid))
        union select a.pid from pg_stat_activity a, waiting w where w.pid = any(pg_blocking_pids(a.pid))
      ) select count(*)::int as waiting from waiting`.execute(database.db);
    if (rows[0]!.waiting + settled() >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0]!.waiting} of ${count} requests came to wait on the channel`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
