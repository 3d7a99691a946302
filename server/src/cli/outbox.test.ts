import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../db/index.js';
import { signUp, startTestApp, type TestApp } from '../../test/app.js';
import { formatMessage } from './outbox.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./outbox.ts', import.meta.url));

/** Runs the CLI as an operator would, pointed at the server's port. */
async function outboxCli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--conditions=@blockpilot/source', '--import', 'tsx', CLI, ...args], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent' },
  });
  return stdout;
}

describe('the outbox CLI', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp(await openDatabase({ kind: 'pglite', dataDir: 'memory://' }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(async () => {
    await t.app.close();
    await t.database.close();
  });

  it('prints the e-mail the running server kept, filtered by recipient', async () => {
    const driver = await signUp(t.app, t.database);
    await t.app.inject({
      method: 'POST',
      url: '/api/help/sendQuestion',
      payload: { fullName: 'Dana', emailAddress: driver.email, phoneNumber: '+15555550100', question: 'Where is my reset link?' },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/requestResetPasswordLink', payload: { emailAddress: driver.email } });
    await t.app.inject({ url: '/api/health' });
    const text = await outboxCli(port, '--to', driver.email);
    expect(text).toContain(`To: ${driver.email}`);
    expect(text).toContain('Subject: Reset your BlockPilot password');
    expect(text).toMatch(/https:\/\/blockpilot\.test\/resetPassword\/[\w-]{43}/);
    // The driver's verification and reset e-mails, not the question sent to support.
    expect(text.match(/^To: /gm)).toHaveLength(2);
  });

  it('serves the outbox to this machine only, and only while e-mail is kept rather than sent', async () => {
    expect((await t.app.inject({ url: '/dev/outbox' })).json()).toEqual({ data: expect.any(Array) });
    expect((await t.app.inject({ url: '/dev/outbox', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    const withSmtp = await startTestApp(t.database, { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    expect((await withSmtp.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    await withSmtp.app.close();
  });

  it('formats one message for reading', () => {
    expect(formatMessage({ id: 7, to: 'a@b.co', replyTo: 'c@d.co', subject: 'Hi', text: 'Body', createdAt: '2026-01-01T00:00:00.000Z' })).toBe(
      '#7  2026-01-01T00:00:00.000Z\nTo: a@b.co\nReply-To: c@d.co\nSubject: Hi\n\nBody\n',
    );
  });
});
