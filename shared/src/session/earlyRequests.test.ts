import { EARLY_REQUESTS_GLOBAL } from '../constants';
import { takeEarlyAnswer, type EarlyAnswer } from './earlyRequests';

const globals = globalThis as unknown as Record<string, unknown>;
const answer = (status: number, body: unknown): Promise<EarlyAnswer> => Promise.resolve(status < 400 ? { ok: true, body } : { ok: false });
const leave = (responses: Record<string, Promise<EarlyAnswer>>, token = 'a-token') => {
  globals[EARLY_REQUESTS_GLOBAL] = { token, responses };
};

afterEach(() => {
  delete globals[EARLY_REQUESTS_GLOBAL];
});

describe("the answers of the page script's early requests", () => {
  it("hands a successful answer's data over once, then asks the client", async () => {
    leave({ account: answer(200, { data: { email: 'early@example.com' } }) });
    const ask = jest.fn(() => Promise.resolve({ email: 'asked@example.com' }));
    await expect(takeEarlyAnswer('account', 'a-token', ask)).resolves.toEqual({ email: 'early@example.com' });
    expect(ask).not.toHaveBeenCalled();
    await expect(takeEarlyAnswer('account', 'a-token', ask)).resolves.toEqual({ email: 'asked@example.com' });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks again through the client on a refusal, so a revoked token signs out in one place', async () => {
    leave({ account: answer(401, { alert: 'Please sign in.' }) });
    const ask = jest.fn(() => Promise.reject(new Error('401 through the client')));
    await expect(takeEarlyAnswer('account', 'a-token', ask)).rejects.toThrow('401 through the client');
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early request failed on the network', async () => {
    leave({ searchStatus: Promise.reject(new TypeError('Failed to fetch')) });
    await expect(takeEarlyAnswer('searchStatus', 'a-token', () => Promise.resolve('asked'))).resolves.toBe('asked');
  });

  it("never hands one session's answer to another token, nor without a token", async () => {
    leave({ account: answer(200, { data: 'the other driver' }) }, 'another-token');
    await expect(takeEarlyAnswer('account', 'a-token', () => Promise.resolve('mine'))).resolves.toBe('mine');
    await expect(takeEarlyAnswer('account', null, () => Promise.resolve('none'))).resolves.toBe('none');
  });
});
