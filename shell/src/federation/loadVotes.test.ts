import { createHash } from 'node:crypto';
import { waitFor } from '@testing-library/react';
import { describeFailure, refreshAssignments, rememberAssignments, reportOutcome } from './loadVotes';

const sha256 = async (text: string) => createHash('sha256').update(text).digest('hex');
const origin = window.location.origin;

/** A remote-list entry of release `id`, with an assignment unless told otherwise. */
const entryOf = (name: string, id: string, assignment: string | null = `1900000000.${id}`) => ({
  name,
  entry: `/releases/${name}/${id}/mf-manifest.json`,
  release: { id, version: '1.0.0', integrity: 'sha384-x', ...(assignment ? { assignment } : {}) },
});
const registeredAsListed = (...entries: Array<ReturnType<typeof entryOf>>) => new Map(entries.map((e) => [e.name, new URL(e.entry, origin).href]));

describe('describing a failure', () => {
  it("sends the error's name and a hash of its stack without the message, so the same crash hashes the same for every driver", async () => {
    const frames = '\n    at App (https://blockpilot.test/releases/mf_dashboard/2.0.0/app.js:1:200)\n    at renderWithHooks (https://blockpilot.test/shell.js:1:900)';
    const crash = (message: string) => Object.assign(new TypeError(message), { stack: `TypeError: ${message}${frames}` });
    const first = await describeFailure(crash('Cannot read properties of null (driver 4411 at 12 Main St)'), sha256);
    const second = await describeFailure(crash('Cannot read properties of null (driver 9 at 1 Elm St)'), sha256);
    expect(first).toEqual({ errorName: 'TypeError', stackHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(second).toEqual(first);
    expect(first.stackHash).toBe(await sha256(`TypeError: ${frames}`));
    expect(JSON.stringify(first)).not.toMatch(/Main St|4411/);
  });

  it('names anything that is not a class-like name Error, and hashes nothing without a stack', async () => {
    expect(await describeFailure(Object.assign(new Error('x'), { name: 'driver@example.com failed' }), sha256)).toMatchObject({ errorName: 'Error' });
    expect(await describeFailure('a string was thrown', sha256)).toEqual({ errorName: 'Error' });
    expect(await describeFailure({ name: 'ChunkLoadError' }, sha256)).toEqual({ errorName: 'ChunkLoadError' });
    expect(await describeFailure(new Error('boom'), async () => null)).toEqual({ errorName: 'Error' });
  });
});

describe('voting on a release', () => {
  const sent = () => jest.mocked(fetch).mock.calls.map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
  beforeEach(() => {
    globalThis.fetch = jest.fn(async () => new Response(null, { status: 200 }));
  });

  it('sends one success and one failure per release and page, with the assignment and no message', async () => {
    const dashboard = entryOf('mf_dashboard', 'release-a');
    rememberAssignments([dashboard], registeredAsListed(dashboard));
    reportOutcome('mf_dashboard', { failed: false });
    reportOutcome('mf_dashboard', { failed: false });
    reportOutcome('mf_dashboard', { failed: true, stage: 'render', error: new TypeError('secret 4411') });
    reportOutcome('mf_dashboard', { failed: true, stage: 'render', error: new TypeError('secret 4411') });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(sent()).toEqual([
      { releaseId: 'release-a', assignment: '1900000000.release-a', failed: false },
      expect.objectContaining({ releaseId: 'release-a', assignment: '1900000000.release-a', failed: true, stage: 'render', errorName: 'TypeError' }),
    ]);
    expect(JSON.stringify(sent())).not.toContain('secret');
    expect(jest.mocked(fetch).mock.calls[0]![0]).toBe('/api/releases/loadReports');
  });

  it('sends nothing for a release listed without an assignment (a visitor, a preview) or replaced by a preview override', async () => {
    const visitor = entryOf('mf_auth', 'release-b', null);
    const overridden = entryOf('mf_account', 'release-c');
    rememberAssignments([visitor, overridden], new Map([...registeredAsListed(visitor), ['mf_account', 'https://preview.example.com/mf_account/mf-manifest.json']]));
    reportOutcome('mf_auth', { failed: true, stage: 'load', error: new Error('down') });
    reportOutcome('mf_account', { failed: false });
    reportOutcome('mf_landing', { failed: false });
    // A failure is described (hashed) before it is sent: let that finish before saying nothing went.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('renews the assignment of a release still running from a list read again, and of no other release', async () => {
    const landing = entryOf('mf_landing', 'release-d', '1900000000.old');
    rememberAssignments([landing], registeredAsListed(landing));
    refreshAssignments({ previewOrigins: [], remotes: [entryOf('mf_landing', 'release-e', '1900000300.other')] });
    refreshAssignments({ previewOrigins: [], remotes: [entryOf('mf_landing', 'release-d', '1900000300.new')] });
    reportOutcome('mf_landing', { failed: false });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([{ releaseId: 'release-d', assignment: '1900000300.new', failed: false }]);
  });
});
