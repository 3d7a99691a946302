/**
 * A release goes live only while its stored files still hash to what was recorded at publish
 * (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap"): a file changed or lost where it
 * is kept after publish would be answered 503 to every browser that got the release, so promote
 * and canary read every file again first and refuse the move: from the disk, and from a bucket
 * past the copies the server keeps in memory (another instance would not have them).
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import type { TestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { integrityOf, releaseBuild as build } from '../../../test/releaseBuild.js';
import { admin, startReleaseInstances, type ReleaseInstances } from '../../../test/releaseInstances.js';
import { startS3Server, type TestS3Server } from '../../../test/s3Server.js';
import { contentName } from '../../adapters/releaseStore/fileStore.js';

describeEachDatabase('stored files checked before a release goes live', (database) => {
  let deployment: ReleaseInstances;
  let t: TestApp;
  before(async () => {
    deployment = await startReleaseInstances(database(), 1);
    [t] = deployment.instances as [TestApp];
  });
  after(async () => {
    await deployment?.close();
  });

  const publish = (remote: string, version: string, label: string) =>
    t.app.inject({ method: 'PUT', url: `/api/releases/${remote}/${version}`, payload: build(remote, label), headers: admin });
  const promote = (body: object) => t.app.inject({ method: 'POST', url: '/api/releases/channels/production/promote', payload: body, headers: admin });
  const liveEntry = async (remote: string) =>
    (await t.app.inject({ url: '/api/releases/channels', headers: admin }))
      .json()
      .data.find((c: { name: string }) => c.name === 'production')
      ?.entries.find((e: { remote: string }) => e.remote === remote);
  /** Where the store keeps the chunk of a build labelled `label` (named by its sha384). */
  const chunkBlob = (label: string) => path.join(deployment.dataDir, 'releases', 'blobs', createHash('sha384').update(`render("${label}")`).digest('hex'));
  const lastAudit = async (remote: string) => (await t.app.inject({ url: `/api/releases/audit?remote=${remote}`, headers: admin })).json().data[0];

  it('refuses to promote a release whose file was changed on disk after publish, audits the refusal, and promotes it once the file is whole again', async () => {
    expect((await publish('mf_auth', '1.0.0', 'auth whole')).statusCode).toBe(200);
    const blob = chunkBlob('auth whole');
    const original = readFileSync(blob);
    writeFileSync(blob, 'render("evil")');

    const refused = await promote({ remote: 'mf_auth', version: '1.0.0' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'BP_ERR_RELEASE_FILES_CHANGED']);
    expect(refused.json().data).toEqual({ files: ['app.0123abcd.js'] });
    expect(refused.json().alert).toContain('app.0123abcd.js');
    expect(await liveEntry('mf_auth')).toBeUndefined();
    expect(await lastAudit('mf_auth')).toMatchObject({ action: 'promote-refused', channel: 'production', toVersion: '1.0.0', detail: { filesChanged: ['app.0123abcd.js'] } });

    writeFileSync(blob, original);
    expect((await promote({ remote: 'mf_auth', version: '1.0.0' })).statusCode).toBe(200);
    expect((await liveEntry('mf_auth')).release.version).toBe('1.0.0');
  });

  it('refuses a canary whose file is missing from the store', async () => {
    expect((await publish('mf_auth', '2.0.0', 'auth canary')).statusCode).toBe(200);
    rmSync(chunkBlob('auth canary'));
    const refused = await promote({ remote: 'mf_auth', version: '2.0.0', percent: 10 });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'BP_ERR_RELEASE_FILES_CHANGED']);
    expect((await liveEntry('mf_auth')).canary).toBeNull();
    expect(await lastAudit('mf_auth')).toMatchObject({ action: 'promote-refused', toVersion: '2.0.0' });
  });
});

describeEachDatabase('stored files in a bucket checked before a release goes live', (database) => {
  let deployment: ReleaseInstances;
  let s3: TestS3Server;
  let t: TestApp;
  before(async () => {
    s3 = await startS3Server();
    deployment = await startReleaseInstances(database(), 1, s3.env);
    [t] = deployment.instances as [TestApp];
  });
  after(async () => {
    await deployment?.close();
    await s3?.close();
  });

  it('refuses to promote a release whose object changed in the bucket, even while this server still serves the copy it checked before', async () => {
    const label = 'render("auth in the bucket")';
    expect((await t.app.inject({ method: 'PUT', url: '/api/releases/mf_auth/1.0.0', payload: build('mf_auth', 'auth in the bucket'), headers: admin })).statusCode).toBe(200);
    const chunk = () => t.app.inject({ url: '/releases/mf_auth/1.0.0/app.0123abcd.js' });
    expect((await chunk()).body).toBe(label);
    await s3.put(`releases/${contentName(integrityOf(label))}`, 'render("evil")');
    expect((await chunk()).body).toBe(label);
    const refused = await t.app.inject({ method: 'POST', url: '/api/releases/channels/production/promote', payload: { remote: 'mf_auth', version: '1.0.0' }, headers: admin });
    expect([refused.statusCode, refused.json().code, refused.json().data]).toEqual([409, 'BP_ERR_RELEASE_FILES_CHANGED', { files: ['app.0123abcd.js'] }]);
  });
});
