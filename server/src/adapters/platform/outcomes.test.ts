import { describe, it } from 'node:test';
import { expect } from 'expect';
import { classifyNetworkError, classifyRefreshFailure, classifyRegisterFailure, classifyWorkFailure, type PlatformFailure, type ReceivedResponse } from './outcomes.js';

function answer(status: number, json?: unknown, headers: ReceivedResponse['headers'] = {}): ReceivedResponse {
  return { status, headers, json, text: json === undefined ? '' : JSON.stringify(json) };
}

const captchaBody = { challengeMetadata: { WebUrl: 'https://platform.example/aaut/verify', ChallengeType: 'ARKOSE_LEVEL_2' } };

describe('outcomes: each work-API error of docs/PLATFORM.md section 3 maps to one typed failure', () => {
  const cases: [string, ReceivedResponse, Partial<PlatformFailure>][] = [
    ['400 Rate exceeded', answer(400, { message: 'Rate exceeded' }), { kind: 'throttled' }],
    ['403', answer(403, { message: 'expired' }), { kind: 'tokenExpired' }],
    ['401 Unauthorized request', answer(401, { Message: 'Unauthorized request' }), { kind: 'unauthorized' }],
    ['410', answer(410, {}), { kind: 'offerTaken' }],
    [
      '307 with WebUrl',
      answer(307, captchaBody),
      { kind: 'captchaRequired', webUrl: captchaBody.challengeMetadata.WebUrl, challengeType: 'ARKOSE_LEVEL_2' } as Partial<PlatformFailure>,
    ],
    ['420 OperationFailedException', answer(420, {}, { 'x-amzn-errortype': 'OperationFailedException' }), { kind: 'signingRequired' }],
    ['420 OperationFailedException with a suffix', answer(420, {}, { 'x-amzn-errortype': 'OperationFailedException:http://internal/' }), { kind: 'signingRequired' }],
    ['500', answer(500, { message: 'boom' }), { kind: 'transient', cause: 'serverError', status: 500 } as Partial<PlatformFailure>],
    ['503', answer(503), { kind: 'transient', cause: 'serverError', status: 503 } as Partial<PlatformFailure>],
    ['599', answer(599), { kind: 'transient', cause: 'serverError', status: 599 } as Partial<PlatformFailure>],
    ['404', answer(404, { message: 'No block starts at that time' }), { kind: 'notFound' }],
    // Not in the table: never guessed into one of its rows.
    ['400 with another message', answer(400, { message: 'Missing required header x-flex-instance-id' }), { kind: 'unexpected', status: 400 } as Partial<PlatformFailure>],
    ['307 without WebUrl', answer(307, { challengeMetadata: {} }), { kind: 'unexpected', status: 307 } as Partial<PlatformFailure>],
    ['420 without the error type', answer(420, {}), { kind: 'unexpected', status: 420 } as Partial<PlatformFailure>],
    ['429', answer(429), { kind: 'unexpected', status: 429 } as Partial<PlatformFailure>],
    ['302', answer(302), { kind: 'unexpected', status: 302 } as Partial<PlatformFailure>],
  ];
  for (const [name, response, expected] of cases) {
    it(`${name} -> ${expected.kind}`, () => {
      expect(classifyWorkFailure(response)).toMatchObject({ ok: false, ...expected });
    });
  }

  it('keeps at most 200 characters of an unexpected body', () => {
    const failure = classifyWorkFailure({ status: 418, headers: {}, json: undefined, text: 'x'.repeat(5000) });
    expect(failure.kind === 'unexpected' && failure.detail.length).toBe(200);
  });
});

describe('outcomes: token service', () => {
  it('refresh 400 "invalid parameter : source_token" is deviceDeregistered, and only that exact text', () => {
    expect(classifyRefreshFailure(answer(400, { error: 'invalid_grant', error_description: 'invalid parameter : source_token' }))).toMatchObject({ kind: 'deviceDeregistered' });
    expect(classifyRefreshFailure(answer(400, { error_description: 'invalid parameter : source_token_type or requested_token_type' }))).toMatchObject({ kind: 'unexpected' });
    expect(classifyRefreshFailure(answer(502))).toMatchObject({ kind: 'transient', cause: 'serverError' });
  });

  it('register 400 with response.error is invalidAuthorizationCode, with the code and message', () => {
    const body = { response: { error: { code: 'InvalidValue', message: 'code_verifier does not match the code_challenge' } } };
    expect(classifyRegisterFailure(answer(400, body))).toEqual({ ok: false, kind: 'invalidAuthorizationCode', code: 'InvalidValue', message: body.response.error.message });
    expect(classifyRegisterFailure(answer(400, { message: 'other' }))).toMatchObject({ kind: 'unexpected' });
    expect(classifyRegisterFailure(answer(500))).toMatchObject({ kind: 'transient' });
  });
});

describe('outcomes: network errors', () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });

  it('a passed deadline or an undici timeout is transient/timeout', () => {
    expect(classifyNetworkError(new DOMException('aborted', 'AbortError'), true)).toMatchObject({ kind: 'transient', cause: 'timeout', status: null });
    for (const code of ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']) {
      expect(classifyNetworkError(withCode(code), false)).toMatchObject({ kind: 'transient', cause: 'timeout' });
    }
  });

  it('a reset or refused connection is transient/connection', () => {
    for (const code of ['UND_ERR_SOCKET', 'ECONNRESET', 'ECONNREFUSED']) {
      expect(classifyNetworkError(withCode(code), false)).toMatchObject({ kind: 'transient', cause: 'connection' });
    }
  });

  it('rethrows errors that are not network errors (bugs stay visible)', () => {
    const bug = new TypeError('x is not a function');
    expect(() => classifyNetworkError(bug, false)).toThrow(bug);
  });
});
