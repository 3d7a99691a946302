/**
 * The scan globalTeardown runs over the run's logs (src/support/secrets.ts): that it finds a
 * secret however a log line may have written it, and a platform token by its shape alone; a scan
 * that could not find anything would prove nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findLeaks, readSecrets, rememberSecret, scanLogs, secretFields } from '../src/support/secrets';

const PASSWORD = 'a "quoted" pässword 42';
const TOKEN = 'k3Jd9sQ0-Vb7_Lm2Xc5Rt8Yp';

it('finds a remembered secret written as is, JSON-escaped or URL-encoded, and says which', () => {
  const secrets = [
    { label: 'password', value: PASSWORD },
    { label: 'access token', value: TOKEN },
  ];
  const log = [
    JSON.stringify({ msg: 'incoming request', url: '/api/user' }),
    JSON.stringify({ msg: 'login', body: { password: PASSWORD } }),
    `{"msg":"link","url":"/resetPassword/${encodeURIComponent(PASSWORD)}"}`,
    `plain text line with ${TOKEN} in it`,
  ].join('\n');
  const leaks = findLeaks('server.log', log, secrets);
  expect(leaks.map((leak) => leak.label)).toEqual(['password', 'password', 'access token']);
  expect(leaks.every((leak) => leak.file === 'server.log')).toBe(true);
  expect(findLeaks('server.log', log.split('\n')[0]!, secrets)).toEqual([]);
});

it('finds delivery-platform tokens by their shape, known or not', () => {
  const line = JSON.stringify({ msg: 'refreshed', tokens: { access: 'Atna|EwICIJYx3b8kq_Zr0Lw-Pq9sTu', refresh: 'Atnr|IwEBIMq2' } });
  expect(findLeaks('server.log', line, [])).toEqual([{ label: 'a delivery-platform token', file: 'server.log', line }]);
  expect(findLeaks('server.log', 'the word Atna| alone, or Atnr|short', [])).toEqual([]);
});

it('remembers credential fields of JSON bodies at any depth, and only long enough values', () => {
  expect(secretFields({ emailAddress: 'a@b.c', password: PASSWORD, data: { accessToken: TOKEN, expiresIn: 3600 }, challenge_session: { code_verifier: 'v'.repeat(43) } })).toEqual([
    { label: 'password', value: PASSWORD },
    { label: 'data.accessToken', value: TOKEN },
    { label: 'challenge_session.code_verifier', value: 'v'.repeat(43) },
  ]);
  const dir = mkdtempSync(path.join(tmpdir(), 'bp-secrets-'));
  try {
    const file = path.join(dir, 'secrets.jsonl');
    rememberSecret(file, 'too short to look for', 'abc123');
    rememberSecret(file, 'missing', undefined);
    rememberSecret(file, 'password', PASSWORD);
    expect(readSecrets(file)).toEqual([{ label: 'password', value: PASSWORD }]);

    writeFileSync(path.join(dir, 'server.log'), `{"msg":"ok"}\n{"password":${JSON.stringify(PASSWORD)}}\n`);
    writeFileSync(path.join(dir, 'notes.txt'), PASSWORD);
    const scan = scanLogs(dir, file);
    expect({ files: scan.files, lines: scan.lines, secrets: scan.secrets, leaked: scan.leaks.map((l) => l.label) }).toEqual({
      files: ['server.log'],
      lines: 2,
      secrets: 1,
      leaked: ['password'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
