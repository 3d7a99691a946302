/**
 * The connect flow's first step (docs/PRODUCT.md sections 4 and 8): the connect call without a pasted URL
 * is expected to fail, and its failure carries the challenge session, the platform sign-in URL
 * and the PKCE code verifier that must come back with the pasted URL. Kept in component state:
 * each opening of the page starts a fresh sign-in.
 */
import { api, ApiError, type ChallengeSession } from '@blockpilot/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ChallengeState = { state: 'loading' } | { state: 'ready'; challenge: ChallengeSession } | { state: 'failed' };

function challengeOf(error: unknown): ChallengeSession | null {
  const session = error instanceof ApiError ? error.envelope.challenge_session : undefined;
  if (!session || typeof session !== 'object') return null;
  const { challenge_url, code_verifier } = session as Partial<ChallengeSession>;
  return typeof challenge_url === 'string' && challenge_url && typeof code_verifier === 'string' && code_verifier ? { challenge_url, code_verifier } : null;
}

export function useChallengeSession(): ChallengeState & { retry(): void } {
  const [state, setState] = useState<ChallengeState>({ state: 'loading' });
  /** Bumped per request and on unmount, so only the newest answer counts. */
  const request = useRef(0);

  const load = useCallback(async () => {
    const mine = ++request.current;
    setState({ state: 'loading' });
    let challenge: ChallengeSession | null = null;
    try {
      await api.user.connectAccount({});
      console.warn('[connectAccount] expected a challenge session, but the call succeeded');
    } catch (error) {
      challenge = challengeOf(error);
      if (!challenge) console.warn('[connectAccount] no challenge session:', error instanceof Error ? error.message : error);
    }
    if (request.current === mine) setState(challenge ? { state: 'ready', challenge } : { state: 'failed' });
  }, []);

  useEffect(() => {
    void load();
    return () => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- a counter, not a DOM node: bumping it is what makes a late answer stale
      request.current++;
    };
  }, [load]);

  return { ...state, retry: () => void load() };
}
