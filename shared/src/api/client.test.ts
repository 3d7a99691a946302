import { ApiError, api, onNotify, setAccessToken, setNavigator, type Toast } from '..';
import { mockApi, type MockApi } from '../mock';

describe('the API client and its envelope', () => {
  let server: MockApi;
  let toasts: Toast[];
  let navigations: string[];
  let unsubscribe: () => void;

  beforeEach(() => {
    localStorage.clear();
    toasts = [];
    navigations = [];
    unsubscribe = onNotify((t) => toasts.push(t));
    setNavigator((path) => navigations.push(path));
    server = mockApi();
  });
  afterEach(() => {
    unsubscribe();
    server.restore();
  });

  it('sends the bearer token stored under the key spelt "acccessToken"', async () => {
    setAccessToken('tok-123');
    expect(localStorage.getItem('acccessToken')).toBe('tok-123');
    server.on('GET /user', { data: { display_name: 'Dana' } });
    await api.user.get();
    expect(server.calls[0]?.headers.Authorization).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a token', async () => {
    server.on('GET /knowledgeBase/', { data: [] });
    await api.knowledgeBase.list();
    expect(server.calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('unwraps data and shows an alert of a success as a success toast', async () => {
    server.on('POST /user/startTrial', { data: null, alert: 'Trial started' });
    await expect(api.user.startTrial()).resolves.toBeNull();
    expect(toasts.map((t) => [t.message, t.severity])).toEqual([['Trial started', 'success']]);
  });

  it('shows an alert of a failure as an error toast and throws ApiError with field errors', async () => {
    server.on('POST /auth/login', { status: 400, body: { alert: 'Check the form', errors: { emailAddress: 'Enter an e-mail address' } } });
    const failure = api.auth.login({ emailAddress: '', password: '' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    const error = (await failure.catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ emailAddress: 'Enter an e-mail address' });
    expect(toasts.map((t) => [t.message, t.severity])).toEqual([['Check the form', 'error']]);
  });

  it('navigates on redirect, also on an error response, and then rethrows', async () => {
    server.on('GET /user', { data: {}, redirect: '/dashboard' });
    await api.user.get();
    server.on('POST /auth/changePassword', { status: 401, body: { redirect: '/' } });
    await expect(api.auth.changePassword('reset', { password: 'a', confirmPassword: 'a' })).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual(['/dashboard', '/']);
  });

  it("keeps extra payload of a failure, such as the connect call's challenge session", async () => {
    const challenge = { challenge_url: 'https://sim/ap/signin?x', code_verifier: 'v' };
    server.on('POST /user/connectAccount', { status: 400, body: { challenge_session: challenge } });
    const error = (await api.user.connectAccount({}).catch((e: unknown) => e)) as ApiError;
    expect(error.envelope.challenge_session).toEqual(challenge);
    expect(error.fieldErrors).toEqual({});
  });

  it("raises no toast for a polled call's repeated failures", async () => {
    server.on('GET /store/getOrderStatus', { status: 404, body: { alert: 'This order does not exist.' } });
    await expect(api.store.getOrderStatus('o-1')).rejects.toBeInstanceOf(ApiError);
    await expect(api.store.getOrderStatus('o-1')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
  });

  it('raises no toast when a background state load fails (a platform outage), yet still follows its redirect', async () => {
    const outage = { status: 503, body: { alert: 'The delivery platform is not answering.' } };
    server
      .on('GET /user', outage)
      .on('GET /user/locale', outage)
      .on('GET /user/getSearchState', outage)
      .on('GET /user/getSchedule', outage)
      .on('POST /user/getServiceAreas', outage)
      .on('POST /user/getLogs', outage)
      .on('GET /store/getMembershipPlans', outage)
      .on('GET /knowledgeBase/', outage);
    const loads = [
      api.user.get(),
      api.user.locale(),
      api.user.getSearchState(),
      api.user.getSchedule(),
      api.user.getServiceAreas(),
      api.user.getLogs({}),
      api.store.getMembershipPlans(),
      api.knowledgeBase.list(),
    ];
    for (const load of loads) await expect(load).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);

    server.on('GET /user/getSearchState', { status: 401, body: { alert: 'Please sign in again.', redirect: '/login' } });
    await expect(api.user.getSearchState()).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual(['/login']);
  });

  it('still toasts what the driver did, and names the form it came from', async () => {
    server.on('POST /user/changePassword', { status: 400, body: { alert: 'Please correct the highlighted fields.' } });
    await expect(api.user.changePassword({ currentPassword: 'a', newPassword: 'b', confirmNewPassword: 'c' })).rejects.toBeInstanceOf(ApiError);
    server.on('POST /user/changePassword', { data: { accessToken: 't' }, alert: 'Password changed.' });
    await api.user.changePassword({ currentPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' });
    expect(toasts.map((t) => [t.message, t.severity, t.source])).toEqual([
      ['Please correct the highlighted fields.', 'error', 'POST /user/changePassword'],
      ['Password changed.', 'success', 'POST /user/changePassword'],
    ]);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    server.on('GET /user', () => {
      throw new Error('socket hang up');
    });
    const error = (await api.user.get().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/could not be reached/);
  });

  it('has no timeout by default', async () => {
    const { httpClient } = await import('..');
    expect((await httpClient()).defaults.timeout).toBe(0);
  });
});
