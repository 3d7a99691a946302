/**
 * Release files in an S3-compatible bucket (docs/RELEASES.md "Where files are kept"), against a
 * real S3 protocol server started by the test (s3rver): a publish puts each file in the bucket
 * under its sha384 and nothing on the server's disk; the server serves them itself with their
 * integrity and immutable caching; an object changed or deleted in the bucket is never served, nor
 * is anything while the bucket is out of reach; publishing the build again repairs it.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { bearer, startTestApp, type TestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { integrityOf, releaseBuild } from '../../../test/releaseBuild.js';
import { startS3Server, type TestS3Server } from '../../../test/s3Server.js';
import { contentName } from '../../adapters/releaseStore/fileStore.js';

const RELEASE_TOKEN = 'release-token-for-the-bucket-tests-0123456789';
const PREFIX = 'team-releases/';

describeEachDatabase('release files in an S3-compatible bucket', (database) => {
  let t: TestApp;
  let s3: TestS3Server;
  let dataDir: string;
  before(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(path.join(tmpdir(), 'bp-bucket-'));
    t = await startTestApp(database(), { env: { RELEASE_TOKEN, DATA_DIR: dataDir, RELEASES_BUCKET_PREFIX: PREFIX, ...s3.env } });
  });
  after(async () => {
    await t.app.close();
    await s3.close();
  });

  const publish = (remote: string, version: string, label: string) =>
    t.app.inject({ method: 'PUT', url: `/api/releases/${remote}/${version}`, payload: releaseBuild(remote, label), headers: bearer(RELEASE_TOKEN) });
  const chunk = (remote: string, version: string) => t.app.inject({ url: `/releases/${remote}/${version}/app.0123abcd.js` });
  const objectOf = (text: string) => `${PREFIX}${contentName(integrityOf(text))}`;

  it('publishes each file into the bucket under its sha384, and nothing onto the disk', async () => {
    expect((await publish('mf_auth', '1.0.0', 'auth from the bucket')).statusCode).toBe(200);
    const keys = await s3.keys();
    expect(keys).toHaveLength(3);
    expect(keys).toContain(objectOf('render("auth from the bucket")'));
    expect(existsSync(path.join(dataDir, 'releases'))).toBe(false);
  });

  it('serves the files itself, with their integrity and immutable caching', async () => {
    const res = await chunk('mf_auth', '1.0.0');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('render("auth from the bucket")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${integrityOf('render("auth from the bucket")')}"`);
    expect(res.headers['repr-digest']).toBe(`sha-384=:${integrityOf('render("auth from the bucket")').slice('sha384-'.length)}:`);
    expect(res.headers.location).toBeUndefined();
    const manifest = await t.app.inject({ url: '/releases/mf_auth/1.0.0/mf-manifest.json' });
    expect(manifest.json()).toMatchObject({ name: 'mf_auth' });
  });

  it('does not serve an object changed or deleted in the bucket (fail closed), and a new publish of the same build repairs it', async () => {
    expect((await publish('mf_landing', '1.0.0', 'landing to be tampered with')).statusCode).toBe(200);
    await s3.put(objectOf('render("landing to be tampered with")'), 'render("evil")');
    const tampered = await chunk('mf_landing', '1.0.0');
    expect(tampered.statusCode).toBe(503);
    expect(tampered.body).not.toContain('evil');
    expect(tampered.headers['cache-control']).toBe('no-store');

    expect((await publish('mf_account', '1.0.0', 'account to be deleted')).statusCode).toBe(200);
    await s3.remove(objectOf('render("account to be deleted")'));
    expect((await chunk('mf_account', '1.0.0')).statusCode).toBe(503);

    // The same files published again (another version of the same build) are written again.
    expect((await publish('mf_landing', '1.0.1', 'landing to be tampered with')).statusCode).toBe(200);
    const repaired = await chunk('mf_landing', '1.0.0');
    expect([repaired.statusCode, repaired.body]).toEqual([200, 'render("landing to be tampered with")']);
  });

  it('serves nothing while the bucket is out of reach, but what it already checked', async () => {
    expect((await publish('mf_dashboard', '1.0.0', 'dashboard never read')).statusCode).toBe(200);
    await s3.close();
    const unreachable = await chunk('mf_dashboard', '1.0.0');
    expect([unreachable.statusCode, unreachable.headers['cache-control']]).toEqual([503, 'no-store']);
    expect(unreachable.json().alert).toBe('This file cannot be read right now; try again.');
    // Read and checked before: kept in memory, so it is still served.
    expect((await chunk('mf_auth', '1.0.0')).statusCode).toBe(200);
    s3 = await startS3Server();
  });
});
