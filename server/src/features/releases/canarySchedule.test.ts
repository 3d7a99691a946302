/**
 * Stepped canaries (docs/RELEASES.md "Canary"): a canary that widens through its steps on the
 * server's own sweep, each step held for a time AND until enough signed-in users loaded it
 * healthily, promoted to stable at 100; rolled back by the canary guard at whichever step it
 * fails; ended by the schedule when a step's release may no longer go live. Several instances
 * sweep at once and a step is still taken once. Time is the tests' clock, which every instance
 * reads; the apps' own sweeps may run too, so the tests look at what the channel serves, not at
 * which sweep moved it.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { bearer, expectFieldErrors, signUp, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { releaseBuild as build } from '../../../test/releaseBuild.js';
import { admin, startReleaseInstances, type ReleaseInstances } from '../../../test/releaseInstances.js';
import type { ChannelMoveResult } from './channelMoves.js';
import { runCanarySchedules } from './canarySchedule.js';
import { canaryScheduleRules, nextStep, type ScheduleState } from './canarySteps.js';

const REMOTE = 'mf_account';
const HOLD_SECONDS = 600;
/** This suite's RELEASE_CANARY_MIN_REPORTS: the guard judges from this many distinct users on. */
const MIN_USERS = 2;

describe("a stepped canary's next step", () => {
  const started = new Date('2030-01-01T00:00:00Z');
  const state: ScheduleState = { steps: [5, 25, 100], stepIndex: 0, stepStartedAt: started, holdSeconds: 60, minHealthyLoads: 3 };
  const later = new Date(started.getTime() + 60_000);

  it('waits for the hold AND the healthy loads AND a healthy verdict', () => {
    expect(nextStep(state, new Date(later.getTime() - 1), 3, 'healthy')).toEqual({ kind: 'hold' });
    expect(nextStep(state, later, 2, 'healthy')).toEqual({ kind: 'hold' });
    expect(nextStep(state, later, 3, 'waiting')).toEqual({ kind: 'hold' });
    expect(nextStep(state, later, 30, 'failing')).toEqual({ kind: 'hold' });
    expect(nextStep(state, later, 3, 'healthy')).toEqual({ kind: 'widen', stepIndex: 1, percent: 25 });
  });

  it('promotes from the step before 100', () => {
    expect(nextStep({ ...state, stepIndex: 1 }, later, 3, 'healthy')).toEqual({ kind: 'promote' });
  });

  it('takes steps that ascend to 100 with a hold and a number of loads, never with a percentage', () => {
    expect(canaryScheduleRules({ steps: [5, 25, 100], holdSeconds: 60, minHealthyLoads: 3 })).toEqual({});
    expect(canaryScheduleRules({ steps: [25, 5, 100], percent: 5 })).toEqual({
      steps: 'api.release.stepsAscendTo100',
      percent: 'api.release.percentOrSteps',
      holdSeconds: 'api.field.required',
      minHealthyLoads: 'api.field.required',
    });
    expect(canaryScheduleRules({ steps: [5, 50], holdSeconds: 1, minHealthyLoads: 0 })).toEqual({ steps: 'api.release.stepsAscendTo100' });
    expect(canaryScheduleRules({ percent: 5, holdSeconds: 60, minHealthyLoads: 3 })).toEqual({
      holdSeconds: 'api.release.onlyWithSteps',
      minHealthyLoads: 'api.release.onlyWithSteps',
    });
  });
});

describe('the schedule runner', () => {
  /** Resolves once `condition` holds, looking again every millisecond (fails after 5 s). */
  async function until(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(condition()).toBe(true);
  }

  it('sweeps again and again, one sweep at a time, logs each move and each failure, and stopping waits for the sweep under way', async () => {
    const logged: string[] = [];
    const log = { info: (_: unknown, message: string) => logged.push(message), error: (_: unknown, message: string) => logged.push(message) };
    let calls = 0;
    let running = 0;
    let mostAtOnce = 0;
    let holdOpen: Promise<void> | null = null;
    let release = () => undefined as void;
    const advanceDue = async (): Promise<ChannelMoveResult[]> => {
      calls++;
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        if (holdOpen) await holdOpen;
        if (calls === 1) throw new Error('the database is away');
        return calls === 2 ? [{ action: 'canary-step' } as ChannelMoveResult] : [];
      } finally {
        running--;
      }
    };
    const stop = runCanarySchedules(advanceDue, log as never, 1);
    await until(() => calls >= 3);
    expect(logged.slice(0, 2)).toEqual(['canary schedule: the sweep failed', 'canary schedule: the canary moved to its next step']);
    holdOpen = new Promise<void>((resolve) => (release = resolve));
    const held = calls;
    await until(() => calls > held);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(mostAtOnce).toBe(1);
  });
});

describeEachDatabase('stepped canaries', (database) => {
  let deployment: ReleaseInstances;
  let t: TestApp;
  /** Drivers named in every canary of this suite, so each surely gets it; each votes once per release. */
  let voters: TestDriver[];
  before(async () => {
    deployment = await startReleaseInstances(database(), 2, { RELEASE_CANARY_MIN_REPORTS: String(MIN_USERS), RELEASE_CANARY_MAX_FAILURE_PERCENT: '25' });
    [t] = deployment.instances as [TestApp];
    for (const version of ['1.0.0', '2.0.0', '3.0.0', '4.0.0'])
      expect((await t.app.inject({ method: 'PUT', url: `/api/releases/${REMOTE}/${version}`, payload: build(REMOTE, `account ${version}`), headers: admin })).statusCode).toBe(200);
    expect((await promote({ remote: REMOTE, version: '1.0.0' })).statusCode).toBe(200);
    voters = await Promise.all(Array.from({ length: 12 }, () => signUp(t.app, t.database)));
  });
  after(async () => {
    await deployment?.close();
  });

  function promote(body: object) {
    return t.app.inject({ method: 'POST', url: '/api/releases/channels/production/promote', payload: body, headers: admin });
  }
  const stepped = (version: string) => ({ remote: REMOTE, version, steps: [10, 50, 100], holdSeconds: HOLD_SECONDS, minHealthyLoads: 2, users: voters.map((v) => v.id) });
  async function entry() {
    const channels = (await t.app.inject({ url: '/api/releases/channels', headers: admin })).json().data;
    return channels.find((c: { name: string }) => c.name === 'production').entries.find((e: { remote: string }) => e.remote === REMOTE);
  }
  /** What the history says of the remote's moves, newest first: action, actor and version. */
  async function history(count: number) {
    const moves = (await t.app.inject({ url: `/api/releases/channels/production/history?remote=${REMOTE}`, headers: admin })).json().data.slice(0, count);
    return moves.map((m: { action: string; actor: string; toVersion: string }) => `${m.action} ${m.actor} ${m.toVersion}`);
  }
  /** `driver`'s browser votes on the release its remote list gives it, with the assignment that came with it. */
  async function vote(driver: TestDriver, failed: boolean) {
    const list = (await t.app.inject({ url: '/remotes.json', headers: bearer(driver.token) })).json();
    const { id, assignment } = list.remotes.find((r: { name: string }) => r.name === REMOTE).release;
    const failure = failed ? { stage: 'render', errorName: 'TypeError' } : {};
    const res = await t.app.inject({ method: 'POST', url: '/api/releases/loadReports', payload: { releaseId: id, assignment, failed, ...failure }, headers: bearer(driver.token) });
    expect(res.statusCode).toBe(200);
  }
  const sweep = (index = 0) => deployment.registryOf(index).advanceCanarySchedules();
  const later = (seconds: number) => deployment.clock.advance(seconds * 1000);

  it('refuses steps that do not ascend to 100, or that come without a hold and a number of loads, per field, and moves nothing', async () => {
    expectFieldErrors(await promote({ remote: REMOTE, version: '2.0.0', steps: [50, 10, 100], holdSeconds: 60, minHealthyLoads: 1 }), ['steps']);
    expectFieldErrors(await promote({ remote: REMOTE, version: '2.0.0', steps: [10, 100], percent: 10 }), ['percent', 'holdSeconds', 'minHealthyLoads']);
    expectFieldErrors(await promote({ remote: REMOTE, version: '2.0.0', percent: 10, holdSeconds: 60 }), ['holdSeconds']);
    expect((await entry()).canary).toBeNull();
  });

  it('widens step by step once each step is held and has its healthy loads, then promotes it at 100, each step audited', async () => {
    const started = deployment.clock.now();
    expect((await promote(stepped('2.0.0'))).json().data).toMatchObject({ action: 'canary', version: '2.0.0' });
    expect((await entry()).canary).toMatchObject({
      version: '2.0.0',
      percent: 10,
      schedule: {
        steps: [10, 50, 100],
        stepIndex: 0,
        holdSeconds: HOLD_SECONDS,
        minHealthyLoads: 2,
        stepStartedAt: started.toISOString(),
        nextStepAt: new Date(started.getTime() + HOLD_SECONDS * 1000).toISOString(),
        healthyLoads: 0,
      },
    });

    await vote(voters[0]!, false);
    await vote(voters[1]!, false);
    expect((await entry()).canary.schedule.healthyLoads).toBe(2);
    // Loads, but the hold is not over.
    later(HOLD_SECONDS - 1);
    expect(await sweep()).toEqual([]);
    expect((await entry()).canary).toMatchObject({ percent: 10, schedule: { stepIndex: 0 } });
    later(1);
    await sweep();
    expect((await entry()).canary).toMatchObject({ percent: 50, schedule: { stepIndex: 1, healthyLoads: 0, stepStartedAt: deployment.clock.now().toISOString() } });

    // The next step waits for its own loads: the hold alone is not enough.
    later(HOLD_SECONDS);
    expect(await sweep()).toEqual([]);
    expect((await entry()).canary).toMatchObject({ percent: 50 });
    await vote(voters[2]!, false);
    await vote(voters[3]!, false);
    await sweep();
    expect(await entry()).toMatchObject({ release: { version: '2.0.0' }, canary: null });
    expect(await history(3)).toEqual(['promote canary-schedule 2.0.0', 'canary-step canary-schedule 2.0.0', 'canary RELEASE_TOKEN 2.0.0']);
    const [promoted, step] = (await t.app.inject({ url: `/api/releases/channels/production/history?remote=${REMOTE}`, headers: admin })).json().data;
    expect(step).toMatchObject({ reason: 'widened to 50% after 2 healthy loads at 10% (step 1 of 3)', detail: { percent: 50, step: 1, healthyLoads: 2 } });
    expect(promoted.reason).toBe('promoted at the end of its schedule after 2 healthy loads at 50% (step 2 of 3)');
    // Promoted like any release: a rollback returns to the one before.
    expect((await t.app.inject({ method: 'POST', url: '/api/releases/channels/production/rollback', payload: { remote: REMOTE }, headers: admin })).json().data).toMatchObject({
      action: 'rollback',
      version: '1.0.0',
    });
  });

  it('takes a due step once when two instances sweep at once', async () => {
    expect((await promote(stepped('3.0.0'))).statusCode).toBe(200);
    await vote(voters[4]!, false);
    await vote(voters[5]!, false);
    later(HOLD_SECONDS);
    const [first, second] = await Promise.all([sweep(0), sweep(1)]);
    expect([...first!, ...second!].length).toBeLessThanOrEqual(1);
    expect((await entry()).canary).toMatchObject({ percent: 50, schedule: { stepIndex: 1 } });
    expect(await history(2)).toEqual(['canary-step canary-schedule 3.0.0', 'canary RELEASE_TOKEN 3.0.0']);
  });

  it('is rolled back by the canary guard when it fails at a later step, and the schedule takes no further step', async () => {
    // 3.0.0 is at 50% from the test above: one user of three failing it is over this suite's 25%.
    await vote(voters[6]!, true);
    expect((await entry()).canary).toBeNull();
    expect(await history(1)).toEqual(['canary-rollback canary-guard 1.0.0']);
    later(HOLD_SECONDS);
    expect(await sweep()).toEqual([]);
    expect((await entry()).release.version).toBe('1.0.0');
  });

  it('ends the canary when a due step finds its files changed where they are kept', async () => {
    expect((await promote(stepped('4.0.0'))).statusCode).toBe(200);
    await vote(voters[8]!, false);
    await vote(voters[9]!, false);
    const blob = path.join(deployment.dataDir, 'releases', 'blobs', createHash('sha384').update('render("account 4.0.0")').digest('hex'));
    writeFileSync(blob, 'render("changed")');
    later(HOLD_SECONDS);
    await sweep();
    expect(await entry()).toMatchObject({ release: { version: '1.0.0' }, canary: null });
    const [ended, refused] = (await t.app.inject({ url: `/api/releases/audit?remote=${REMOTE}`, headers: admin })).json().data;
    expect(refused).toMatchObject({ action: 'promote-refused', actor: 'canary-schedule', detail: { filesChanged: ['app.0123abcd.js'] } });
    expect(ended).toMatchObject({ action: 'canary-rollback', actor: 'canary-schedule', reason: expect.stringContaining('the schedule stopped at 10%') });
  });
});
