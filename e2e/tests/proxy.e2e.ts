/**
 * The attacks of docs/SECURITY.md against the built server deployed as operators deploy it
 * (docs/SECURITY.md "Deploying behind a reverse proxy"): Debian's nginx on the same host in front,
 * TRUST_PROXY naming it. Every request through nginx reaches the server from loopback, which is
 * what made the first hardening pass fall. Clients bind 127.0.0.2 (a stranger) and 127.0.0.3 (the
 * owner) so nginx reports two different addresses.
 *
 * Two servers sit behind the one nginx:
 * - production mode (NODE_ENV=production, no dev mode), mail through an SMTP server the test reads:
 *   the deployment the attacks are aimed at;
 * - a development server (DEV_MODE=on) exposed through the proxy by mistake: its dev tools exist,
 *   and still must answer nobody but the developer's own browser.
 * Each attack is sent through the proxy and, where it means something, straight to the server;
 * after each, the owner still signs in and reads their account.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SIGN_UP_BONUS_CENTS } from '@blockpilot/shared/constants';
import type { Account } from '@blockpilot/shared/types';
import { clientAt, type AddressedClient } from '../src/support/addressedClient';
import { product } from '../src/support/browser';
import { startMailbox, type Mailbox } from '../src/support/mailbox';
import { NGINX_ACCESS_LOG, startNginx } from '../src/support/nginx';
import { WORKSPACE } from '../src/support/paths';
import { freePort, waitForHttp } from '../src/support/ports';
import { startNode, stopAndWait } from '../src/support/processes';
import { rememberSecret } from '../src/support/secrets';

const PROXY_ADDRESS = '127.0.0.1';
const STRANGER = '127.0.0.2';
const OWNER = '127.0.0.3';
/** Another address of the stranger's, for the limits that must hold across addresses. */
const STRANGER_ELSEWHERE = '127.0.0.4';
/** The developer's browser on the server's machine. */
const DEVELOPER = '127.0.0.1';

/** One server and the two ways to reach it. */
interface Site {
  /** nginx's address for this server. */
  proxied: string;
  /** The server's own port (its HOST is loopback: only this machine reaches it). */
  direct: string;
  process: ChildProcess;
  logFile: string;
}

const METRICS_TOKEN = randomBytes(24).toString('base64url');
/** A production server signs Web Push with a key every process shares (a P-256 private key). */
const VAPID_PRIVATE_KEY = randomBytes(32).toString('base64url');
const key = () => randomBytes(32).toString('base64');

let mailbox: Mailbox;
let nginx: ChildProcess;
let production: Site;
let development: Site;

async function startServer(name: string, proxyPort: number, env: NodeJS.ProcessEnv): Promise<Site> {
  const port = await freePort();
  const dataDir = path.join(product().runDir, name);
  const child = startNode(name, 'server/dist/main.js', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    // Links in e-mail point where drivers reach the product: the proxy.
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    DATA_DIR: dataDir,
    TRUST_PROXY: PROXY_ADDRESS,
    LOG_LEVEL: 'info',
    DEV_MODE: 'off',
    ...env,
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { proxied: `http://127.0.0.1:${proxyPort}`, direct: `http://127.0.0.1:${port}`, process: child, logFile: path.join(product().artifactsDir, `${name}.log`) };
}

beforeAll(async () => {
  rememberSecret(product().secretsFile, 'METRICS_TOKEN of the proxied servers', METRICS_TOKEN);
  rememberSecret(product().secretsFile, 'VAPID_PRIVATE_KEY of the proxied production server', VAPID_PRIVATE_KEY);
  mailbox = await startMailbox();
  const [productionProxyPort, developmentProxyPort] = await Promise.all([freePort(), freePort()]);
  // Settled, not all: a server that started is stopped in afterAll even when the other did not start.
  const started = await Promise.allSettled([
    startServer('proxied-production', productionProxyPort, {
      NODE_ENV: 'production',
      PLATFORM_SIM: 'off',
      SMTP_URL: mailbox.smtpUrl,
      // Never called here: no purchase is made on this server.
      STRIPE_SECRET_KEY: 'sk_test_e2e_not_a_real_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_not_a_real_secret',
      PLATFORM_TOKEN_KEY: key(),
      LINK_SIGNING_KEY: key(),
      METRICS_TOKEN,
      VAPID_PRIVATE_KEY,
    }),
    startServer('proxied-development', developmentProxyPort, { DEV_MODE: 'on' }),
  ]);
  const [productionStart, developmentStart] = started;
  if (productionStart.status === 'fulfilled') production = productionStart.value;
  if (developmentStart.status === 'fulfilled') development = developmentStart.value;
  for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
  const upstream = (site: string) => Number(new URL(site).port);
  nginx = await startNginx(path.join(product().runDir, 'nginx'), [
    { listenPort: productionProxyPort, upstreamPort: upstream(production.direct) },
    { listenPort: developmentProxyPort, upstreamPort: upstream(development.direct) },
  ]);
}, 90_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await Promise.all([production, development].filter(Boolean).map((site) => stopAndWait(site.process.pid!, site.logFile)));
  await mailbox?.close();
});

/** A driver of these tests: their address, e-mail and password, and the session they hold now. */
interface Driver {
  email: string;
  password: string;
  token: string;
}

async function register(site: string, from: string): Promise<Driver> {
  const email = `driver-${randomUUID()}@example.com`;
  const password = `pw-${randomBytes(9).toString('base64url')}`;
  const res = await clientAt(site, from).post('/api/auth/register', {
    country_code: 'US',
    emailAddress: email,
    phoneNumber: '+15555550123',
    password,
    confirmPassword: password,
  });
  expect(res.status).toBe(200);
  const token = (res.data as { accessToken: string }).accessToken;
  rememberSecret(product().secretsFile, `password of ${email}`, password);
  rememberSecret(product().secretsFile, `access token of ${email}`, token);
  return { email, password, token };
}

async function signIn(client: AddressedClient, driver: Driver, password = driver.password) {
  return client.post('/api/auth/login', { emailAddress: driver.email, password });
}

async function accountOf(client: AddressedClient, token: string): Promise<{ status: number } & Partial<Account>> {
  const res = await client.call('/api/user', { token });
  return { status: res.status, ...(res.data as Account | undefined) };
}

/** The owner's normal use, after each attack: signing in from their address and reading their account. */
async function expectOwnerStillSignsIn(site: string, owner: Driver): Promise<void> {
  const client = clientAt(site, OWNER);
  const res = await signIn(client, owner);
  expect(res.status).toBe(200);
  const token = (res.data as { accessToken: string }).accessToken;
  rememberSecret(product().secretsFile, `access token of ${owner.email}`, token);
  const account = await accountOf(client, token);
  expect(account).toMatchObject({ status: 200, emailAddress: owner.email });
}

/** Waits for the mail the server sends in the background. */
async function mailFor(address: string, subject: RegExp, count = 1): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const texts = mailbox
      .sentTo(address)
      .filter((mail) => subject.test(mail.subject))
      .map((mail) => mail.text);
    if (texts.length >= count) return texts;
    if (Date.now() > deadline) throw new Error(`${count} e-mail(s) "${subject}" to ${address} did not arrive (got ${texts.length})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The e-mailed link under `pathPrefix`; its token is remembered, so the secret scan looks for it in the logs. */
function linkIn(text: string, pathPrefix: string): string {
  const link = text.split(/\s+/).find((word) => word.includes(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in: ${text}`);
  rememberSecret(product().secretsFile, `token of a ${pathPrefix} link`, link.split(pathPrefix)[1]);
  return link;
}

describe('a production server behind nginx', () => {
  let owner: Driver;

  beforeAll(async () => {
    owner = await register(production.proxied, OWNER);
  });

  it('the owner signs up, gets the sign-up bonus only by opening the e-mailed link, and signs in', async () => {
    const client = clientAt(production.proxied, OWNER);
    expect(await accountOf(client, owner.token)).toMatchObject({ status: 200, credit: 0, emailVerified: false });
    const [mail] = await mailFor(owner.email, /Confirm your BlockPilot e-mail/);
    const link = new URL(linkIn(mail!, '/verifyEmail/'));
    expect(link.origin).toBe(production.proxied);
    const opened = await client.call(link.pathname);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/dashboard');
    expect(await accountOf(client, owner.token)).toMatchObject({ credit: SIGN_UP_BONUS_CENTS, emailVerified: true });
    // Opening it again credits nothing more.
    await client.call(link.pathname);
    expect(await accountOf(client, owner.token)).toMatchObject({ credit: SIGN_UP_BONUS_CENTS });
    await expectOwnerStillSignsIn(production.proxied, owner);
  });

  it('has no dev tools, through the proxy or on the machine itself, and its API docs list none', async () => {
    const orderId = randomUUID();
    for (const site of [production.proxied, production.direct]) {
      for (const from of [STRANGER, DEVELOPER]) {
        const client = clientAt(site, from);
        for (const url of ['/dev/outbox', '/dev/messages', '/dev/platform', `/dev/checkout/${orderId}`]) {
          expect((await client.call(url, { headers: { host: 'localhost' } })).status).toBe(404);
        }
        expect((await client.call(`/dev/checkout/${orderId}/complete`, { method: 'POST', body: '', headers: { host: 'localhost' } })).status).toBe(404);
      }
    }
    const docs = await clientAt(production.proxied, STRANGER).call('/api/docs/json');
    expect(docs.status).toBe(200);
    expect(Object.keys((JSON.parse(docs.text) as { paths: object }).paths).filter((p) => p.startsWith('/dev/'))).toEqual([]);
  });

  it('a stranger failing to sign in as the owner, from other addresses, does not lock the owner out', async () => {
    const attempts = [
      // Through the proxy, even claiming to be the owner's address: nginx overwrites the claim.
      clientAt(production.proxied, STRANGER),
      // Straight to the server, with the same claim: it comes from no trusted proxy, so it is ignored.
      clientAt(production.direct, STRANGER_ELSEWHERE),
    ];
    for (const stranger of attempts) {
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) {
        answers.push(
          (await stranger.call('/api/auth/login', { method: 'POST', body: { emailAddress: owner.email, password: `guess ${i}` }, headers: { 'x-forwarded-for': OWNER } })).status,
        );
      }
      // The stranger is slowed down...
      expect(answers.slice(0, 5).every((status) => status === 400)).toBe(true);
      expect(answers.at(-1)).toBe(429);
      // ...even with the right password now, from the address that failed.
      expect((await signIn(stranger, owner)).status).toBe(429);
      // ...and the owner is not, through the proxy or not.
      await expectOwnerStillSignsIn(production.proxied, owner);
      await expectOwnerStillSignsIn(production.direct, owner);
    }
  });

  it('changePassword cannot be called without limit, from one address or many', async () => {
    const attacker = await register(production.proxied, STRANGER);
    const tryChange = (client: AddressedClient) =>
      client.post('/api/user/changePassword', { currentPassword: 'not it', newPassword: 'another secret', confirmNewPassword: 'another secret' }, attacker.token);
    const fromOne: number[] = [];
    for (let i = 0; i < 14; i++) fromOne.push((await tryChange(clientAt(production.proxied, STRANGER))).status);
    expect(fromOne).toContain(429);
    // The account's own budget is spent, whatever address asks next.
    expect((await tryChange(clientAt(production.direct, STRANGER_ELSEWHERE))).status).toBe(429);
    expect((await tryChange(clientAt(production.proxied, OWNER))).status).toBe(429);
    await expectOwnerStillSignsIn(production.proxied, owner);
  });

  it("a stranger requesting resets for the owner's mailbox does not stop the owner's reset", async () => {
    const resets: number[] = [];
    for (const stranger of [clientAt(production.proxied, STRANGER), clientAt(production.direct, STRANGER_ELSEWHERE)]) {
      for (let i = 0; i < 6; i++) resets.push((await stranger.post('/api/auth/requestResetPasswordLink', { emailAddress: owner.email })).status);
    }
    expect(resets).toContain(429);
    const mine = await clientAt(production.proxied, OWNER).post('/api/auth/requestResetPasswordLink', { emailAddress: owner.email });
    expect(mine.status).toBe(200);
    // The newest link in the owner's mailbox works, whoever asked for it.
    const newest = (await mailFor(owner.email, /Reset your BlockPilot password/)).at(-1)!;
    const resetToken = new URL(linkIn(newest, '/resetPassword/')).pathname.split('/').pop()!;
    const password = `pw-${randomBytes(9).toString('base64url')}`;
    rememberSecret(product().secretsFile, `new password of ${owner.email}`, password);
    const reset = await clientAt(production.proxied, OWNER).post('/api/auth/changePassword', { password, confirmPassword: password }, resetToken);
    expect(reset.status).toBe(200);
    owner.password = password;
    // The reset ended the session the owner had.
    expect((await accountOf(clientAt(production.proxied, OWNER), owner.token)).status).toBe(401);
    owner.token = (reset.data as { accessToken: string }).accessToken;
    await expectOwnerStillSignsIn(production.proxied, owner);
  });

  it('a password change ends every other session (a thief holding one is out) and answers a fresh one', async () => {
    const client = clientAt(production.proxied, OWNER);
    const stolen = ((await signIn(clientAt(production.proxied, STRANGER_ELSEWHERE), owner)).data as { accessToken: string }).accessToken;
    rememberSecret(product().secretsFile, `stolen session of ${owner.email}`, stolen);
    expect((await accountOf(client, stolen)).status).toBe(200);
    const password = `pw-${randomBytes(9).toString('base64url')}`;
    rememberSecret(product().secretsFile, `changed password of ${owner.email}`, password);
    const res = await client.post('/api/user/changePassword', { currentPassword: owner.password, newPassword: password, confirmNewPassword: password }, owner.token);
    expect(res.status).toBe(200);
    const fresh = (res.data as { accessToken: string }).accessToken;
    rememberSecret(product().secretsFile, `access token of ${owner.email}`, fresh);
    expect((await accountOf(client, stolen)).status).toBe(401);
    expect((await accountOf(client, owner.token)).status).toBe(401);
    expect(await accountOf(client, fresh)).toMatchObject({ status: 200, emailAddress: owner.email });
    owner.password = password;
    owner.token = fresh;
    await expectOwnerStillSignsIn(production.proxied, owner);
  });

  it('/metrics answers only its bearer token', async () => {
    for (const site of [production.proxied, production.direct]) {
      const client = clientAt(site, STRANGER);
      expect((await client.call('/metrics')).status).toBe(401);
      expect((await client.call('/metrics', { token: 'guessed' })).status).toBe(401);
      const scraped = await client.call('/metrics', { token: METRICS_TOKEN });
      expect(scraped.status).toBe(200);
      expect(scraped.text).toMatch(/^# HELP /m);
    }
  });

  it('serves the built scripts but not their source maps', async () => {
    const maps = readdirSync(path.join(WORKSPACE, 'shell/dist'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    const client = clientAt(production.proxied, STRANGER);
    for (const map of maps.slice(0, 3)) {
      const script = `/${map.replace(/\.map$/, '')}`;
      expect((await client.call(script)).status).toBe(200);
      const answer = await client.call(`/${map}`);
      expect(answer.text).not.toContain('"sourcesContent"');
      expect(answer.text).not.toContain('"mappings"');
    }
    await expectOwnerStillSignsIn(production.proxied, owner);
  });

  it("the proxy's access log, in the documented format, keeps no secret link's token", async () => {
    const client = clientAt(production.proxied, STRANGER);
    const secret = `secret-${randomBytes(12).toString('hex')}`;
    rememberSecret(product().secretsFile, 'a secret link token sent through the proxy', secret);
    const links = [
      `/verifyEmail/${secret}`,
      `/resetPassword/${secret}`,
      `/promotionOptOut/${secret}`,
      `/api/calendar/${secret}.ics`,
      `/?releasePreview=${secret}`,
      `/api/user?releasePreview=${secret}`,
    ];
    for (const link of links) await client.call(link);
    // nginx writes each line as its answer goes out; the last request's line ends the wait.
    const deadline = Date.now() + 5_000;
    let log = '';
    while (!log.includes('/api/user?releasePreview=') && Date.now() < deadline) {
      log = readFileSync(NGINX_ACCESS_LOG, 'utf8');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(log).not.toContain(secret);
    for (const prefix of ['/verifyEmail/', '/resetPassword/', '/promotionOptOut/', '/api/calendar/']) expect(log).toContain(`GET ${prefix}[redacted] HTTP/1.1`);
    expect(log).toContain('GET /?releasePreview=[redacted] HTTP/1.1');
    expect(log).toContain('GET /api/user?releasePreview=[redacted] HTTP/1.1');
    // Requests without a secret stay readable (the owner's sign-up, before these tests).
    expect(log).toContain('"POST /api/auth/register HTTP/1.1" 200');
  });
});

describe('a development server (DEV_MODE=on) reached through nginx', () => {
  let owner: Driver;
  /** The dev tools as the developer's browser on this machine reaches them. */
  const developer = () => clientAt(development.direct, DEVELOPER);

  beforeAll(async () => {
    owner = await register(development.proxied, OWNER);
  });

  it("nobody reads the outbox (reset and verification links) through the proxy; the developer's browser does", async () => {
    const stranger = clientAt(development.proxied, STRANGER);
    for (const url of ['/dev/outbox', '/dev/messages', '/dev/platform']) {
      for (const host of ['localhost', '127.0.0.1', undefined]) {
        expect((await stranger.call(url, host ? { headers: { host } } : {})).status).toBe(403);
      }
    }
    const outbox = await developer().call(`/dev/outbox?to=${encodeURIComponent(owner.email)}`, { headers: { host: 'localhost' } });
    expect(outbox.status).toBe(200);
    // The owner confirms the address with the link the developer's outbox shows, through the proxy.
    const [message] = outbox.data as { text: string }[];
    const link = new URL(linkIn(message!.text, '/verifyEmail/'));
    expect((await clientAt(development.proxied, OWNER).call(link.pathname)).status).toBe(303);
    expect(await accountOf(clientAt(development.proxied, OWNER), owner.token)).toMatchObject({ credit: SIGN_UP_BONUS_CENTS, emailVerified: true });
    await expectOwnerStillSignsIn(development.proxied, owner);
  });

  it('a page of another site re-pointed at this machine (DNS rebinding) cannot reach the dev tools', async () => {
    for (const site of [development.direct, development.proxied]) {
      const res = await clientAt(site, DEVELOPER).call('/dev/outbox', { headers: { host: 'rebound.example' } });
      expect(res.status).toBe(403);
      expect(res.text).not.toContain(owner.email);
    }
  });

  it("nobody completes another driver's checkout through the proxy", async () => {
    const before = (await accountOf(clientAt(development.proxied, OWNER), owner.token)).credit;
    const order = await clientAt(development.proxied, OWNER).post('/api/store/createStripeOrder', { topup_amount: 1000 }, owner.token);
    expect(order.status).toBe(200);
    const checkoutPath = new URL(order.data as string, development.proxied).pathname;
    for (const host of ['localhost', undefined]) {
      const res = await clientAt(development.proxied, STRANGER).call(`${checkoutPath}/complete`, { method: 'POST', body: '', ...(host ? { headers: { host } } : {}) });
      expect(res.status).toBe(403);
    }
    expect((await accountOf(clientAt(development.proxied, OWNER), owner.token)).credit).toBe(before);
    // Still pending: the developer's own checkout page offers to pay it.
    expect((await developer().call(checkoutPath, { headers: { host: 'localhost' } })).status).toBe(200);
    await expectOwnerStillSignsIn(development.proxied, owner);
  });

  it('a cancelled order can never be completed', async () => {
    const client = clientAt(development.proxied, OWNER);
    const before = (await accountOf(client, owner.token)).credit;
    const order = await client.post('/api/store/createStripeOrder', { topup_amount: 1000 }, owner.token);
    const checkoutPath = new URL(order.data as string, development.proxied).pathname;
    const local = { method: 'POST' as const, body: '', headers: { host: 'localhost' } };
    expect((await developer().call(`${checkoutPath}/cancel`, local)).status).toBe(303);
    // Even by the developer, on this machine: the order stays cancelled and nothing is credited.
    expect((await developer().call(`${checkoutPath}/complete`, local)).status).toBe(303);
    expect((await developer().call(checkoutPath, { headers: { host: 'localhost' } })).text).toContain('This order is cancelled');
    expect((await accountOf(client, owner.token)).credit).toBe(before);
    await expectOwnerStillSignsIn(development.proxied, owner);
  });
});
