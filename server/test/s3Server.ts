/**
 * A real S3 protocol server in the test process (s3rver, on a free port, over a temporary folder),
 * for the release registry's bucket store: the server under test talks to it as to any
 * S3-compatible service, and the test changes objects in it through the S3 API, as someone with
 * write access to the bucket could.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in credentials (it checks every request's signature against them). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  bucket: string;
  endpoint: string;
  /** The settings the server takes (docs/RELEASES.md "Where files are kept"). */
  env: Record<string, string>;
  /** The object names in the bucket. */
  keys(): Promise<string[]>;
  put(key: string, body: string): Promise<void>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'blockpilot-releases'): Promise<TestS3Server> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: mkdtempSync(path.join(tmpdir(), 'bp-s3-')), configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  return {
    bucket,
    endpoint,
    env: {
      RELEASES_BUCKET: bucket,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await server.close();
    },
  };
}
