/**
 * The release CLI's moves (docs/RELEASES.md "CLI", "Moves: promote, rollback, compare-and-swap"):
 * promote and rollback read the remote's revision first and send it, so a move of the same remote
 * someone else makes between the CLI's reading and its move is refused (exit 3) instead of
 * silently replaced, while a move of another remote is not in the way; `--expected-revision`
 * overrides the reading; a stepped canary is asked for with --steps/--hold/--min-loads and `status`
 * shows where it is. The CLI's HTTP goes to the app in this process.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import type { TestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { releaseBuild as build } from '../../test/releaseBuild.js';
import { routeCliTo, type CliAgainstApp } from '../../test/releaseCli.js';
import { admin, RELEASE_TOKEN, startReleaseInstances, type ReleaseInstances } from '../../test/releaseInstances.js';
import { humanReadable, run } from './release.js';
import { durationSeconds, scheduleBody } from './releaseSchedule.js';

describe('release CLI options of a stepped canary', () => {
  it('reads durations and whole numbers, and refuses anything else', () => {
    expect(['90', '90s', '10m', '2h', '1d'].map((text) => durationSeconds('hold', text))).toEqual([90, 90, 600, 7200, 86_400]);
    expect(() => durationSeconds('hold', '10 minutes')).toThrow('--hold takes a duration');
    expect(scheduleBody({ steps: '5, 25,100', hold: '10m', 'min-loads': '20' })).toEqual({ steps: [5, 25, 100], holdSeconds: 600, minHealthyLoads: 20 });
    expect(() => scheduleBody({ steps: '5,half' })).toThrow('--steps takes whole numbers');
    expect(scheduleBody({})).toEqual({});
  });
});

describeEachDatabase('release CLI moves', (database) => {
  let deployment: ReleaseInstances;
  let t: TestApp;
  let cliAgainstApp: CliAgainstApp;
  /** Runs before the CLI's move reaches the server, after the CLI read the channel. */
  let beforeMove: (() => Promise<void>) | null = null;

  before(async () => {
    deployment = await startReleaseInstances(database(), 1);
    [t] = deployment.instances as [TestApp];
    cliAgainstApp = routeCliTo(
      () => t.app,
      RELEASE_TOKEN,
      async ({ method }) => {
        if (method === 'POST' && beforeMove) await beforeMove();
      },
    );
    for (const remote of ['mf_auth', 'mf_dashboard'])
      for (const version of ['1.0.0', '2.0.0', '3.0.0']) {
        const published = await t.app.inject({ method: 'PUT', url: `/api/releases/${remote}/${version}`, payload: build(remote, `${remote} ${version}`), headers: admin });
        expect(published.statusCode).toBe(200);
      }
  });
  after(async () => {
    cliAgainstApp?.restore();
    await deployment?.close();
  });
  beforeEach(() => {
    beforeMove = null;
  });

  /** Runs the CLI; its exit code and what it answered (or the refusal's envelope). */
  async function cli(...argv: string[]): Promise<{ exitCode: number; data: unknown; body?: { code?: string; alert?: string; data?: Record<string, unknown> } }> {
    try {
      return { exitCode: 0, data: (await run(argv)).data };
    } catch (error) {
      const { exitCode, body } = error as { exitCode: number; body: { code?: string } };
      return { exitCode, data: null, body };
    }
  }
  /** Someone else's move, as another CI job or a person makes it. */
  const promoteElsewhere = (remote: string, version: string) =>
    t.app.inject({ method: 'POST', url: '/api/releases/channels/production/promote', payload: { remote, version }, headers: admin });

  it('promotes with the revision it read', async () => {
    expect(await cli('promote', 'mf_auth', '1.0.0')).toMatchObject({ exitCode: 0, data: { action: 'promote', version: '1.0.0' } });
    expect(await cli('promote', 'mf-dashboard', '1.0.0')).toMatchObject({ exitCode: 0, data: { action: 'promote', version: '1.0.0' } });
  });

  it('is refused (exit 3) when the same remote was promoted between its reading and its move, and says what is live', async () => {
    beforeMove = async () => {
      beforeMove = null;
      expect((await promoteElsewhere('mf_auth', '3.0.0')).statusCode).toBe(200);
    };
    const refused = await cli('promote', 'mf_auth', '2.0.0');
    expect(refused).toMatchObject({ exitCode: 3, body: { code: 'BP_ERR_RELEASE_REVISION_CONFLICT', data: { remote: 'mf_auth', live: { release: { version: '3.0.0' } } } } });
    expect(refused.body!.alert).toContain('3.0.0 is live there now');
  });

  it('is not refused when another remote moved in between', async () => {
    beforeMove = async () => {
      beforeMove = null;
      expect((await promoteElsewhere('mf_dashboard', '2.0.0')).statusCode).toBe(200);
    };
    expect(await cli('promote', 'mf_auth', '2.0.0')).toMatchObject({ exitCode: 0, data: { version: '2.0.0', fromVersion: '3.0.0' } });
  });

  it('rolls back with the revision it read too, and --expected-revision overrides the reading', async () => {
    beforeMove = async () => {
      beforeMove = null;
      expect((await promoteElsewhere('mf_auth', '1.0.0')).statusCode).toBe(200);
    };
    expect(await cli('rollback', 'mf_auth')).toMatchObject({ exitCode: 3, body: { code: 'BP_ERR_RELEASE_REVISION_CONFLICT' } });
    expect(await cli('promote', 'mf_auth', '3.0.0', '--expected-revision', '1')).toMatchObject({ exitCode: 3, body: { data: { live: { release: { version: '1.0.0' } } } } });
    expect(await cli('rollback', 'mf_auth')).toMatchObject({ exitCode: 0, data: { action: 'rollback', version: '2.0.0' } });
  });

  it('asks for a stepped canary, which status shows with its step, the next step’s time and its loads', async () => {
    const started = deployment.clock.now().getTime();
    expect(await cli('promote', 'mf_dashboard', '3.0.0', '--steps', '5,25,100', '--hold', '10m', '--min-loads', '20')).toMatchObject({ exitCode: 0, data: { action: 'canary' } });
    const status = await run(['status']);
    const production = (status.data as Array<{ name: string; entries: Array<{ remote: string; revision: number; canary: unknown }> }>).find((c) => c.name === 'production')!;
    const dashboard = production.entries.find((e) => e.remote === 'mf_dashboard')!;
    expect(dashboard.canary).toMatchObject({ version: '3.0.0', percent: 5, schedule: { steps: [5, 25, 100], stepIndex: 0 } });
    expect(humanReadable(status)).toContain(`mf_dashboard   2.0.0  canary 3.0.0 to 5%  (revision ${dashboard.revision})`);
    expect(humanReadable(status)).toContain(`step 1 of 3 (5 → 25 → 100): the next from ${new Date(started + 600_000).toISOString()}, with 0 of 20 healthy loads at this step`);
    expect(await cli('promote', 'mf_dashboard', '3.0.0', '--steps', '25,5', '--hold', '10m')).toMatchObject({ exitCode: 1, body: { code: 'BP_ERR_VALIDATION' } });
  });
});
