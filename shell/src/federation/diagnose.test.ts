import { HEALTH_PATH } from '@blockpilot/shared';
import { diagnoseLoadFailure } from './diagnose';

const MANIFEST = 'https://cdn.example.test/mf-dashboard/mf-manifest.json';

/** A fetch where each URL answers a status, or throws (nothing answered) when it has none. */
function servers(statuses: Record<string, number>): typeof fetch {
  return (async (url: string) => {
    const status = statuses[url];
    if (status === undefined) throw new TypeError('Failed to fetch');
    return { status } as Response;
  }) as unknown as typeof fetch;
}

const online = () => true;

describe('why a remote failed to load', () => {
  it("is the driver's connection when the browser is offline", async () => {
    expect(await diagnoseLoadFailure(MANIFEST, { fetchImpl: servers({}), online: () => false })).toEqual({ kind: 'offline' });
  });

  it("is ours when the remote's manifest answers with an error status", async () => {
    expect(await diagnoseLoadFailure(MANIFEST, { fetchImpl: servers({ [MANIFEST]: 503, [HEALTH_PATH]: 200 }), online })).toEqual({
      kind: 'serverError',
      status: 503,
    });
    expect(await diagnoseLoadFailure(MANIFEST, { fetchImpl: servers({ [MANIFEST]: 404, [HEALTH_PATH]: 200 }), online })).toEqual({
      kind: 'serverError',
      status: 404,
    });
  });

  it("is ours when the remote's host is silent while our API answers", async () => {
    expect(await diagnoseLoadFailure(MANIFEST, { fetchImpl: servers({ [HEALTH_PATH]: 200 }), online })).toEqual({ kind: 'remoteUnreachable' });
  });

  it('is ours when the API answers with an error', async () => {
    expect(await diagnoseLoadFailure(MANIFEST, { fetchImpl: servers({ [HEALTH_PATH]: 500 }), online })).toEqual({ kind: 'serverError', status: 500 });
  });

  it('is the connection when nothing answers at all', async () => {
    expect(await diagnoseLoadFailure(MANIFEST, { fetchImpl: servers({}), online })).toEqual({ kind: 'offline' });
  });

  it("is the remote's code when everything answers fine", async () => {
    expect(await diagnoseLoadFailure(MANIFEST, { fetchImpl: servers({ [MANIFEST]: 200, [HEALTH_PATH]: 200 }), online })).toEqual({ kind: 'broken' });
  });
});
