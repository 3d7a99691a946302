import { api, fieldErrorsOf, PAGES, routeLabel } from '@blockpilot/shared';
import { Button, Notice, Page, Paper } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { T, useT } from '../i18n';

const Text = styled.p`
  margin: 0 0 16px;
`;

const Thanks = styled.div`
  p {
    margin: 0 0 8px;
  }
`;

type OptOutState = { kind: 'idle' | 'sending' | 'done' | 'alreadyOut' } | { kind: 'invalid'; reason: string };

/**
 * /promotionOptOut/{userId}, the link in promotional e-mails, signed in or not. The button becomes
 * 'Just a moment' and is disabled while sending, then a thank-you text replaces it. A link the
 * server does not recognise says so in place of the button (trying again cannot help); any other
 * failure is only logged and the button comes back so the driver can try again. As it opens the
 * page asks whether the link's driver still takes promotional e-mails: one who switched them off
 * (here or in the account's settings) reads that they are off already instead of a button that
 * would change nothing; until that answer, or without it, the button is there.
 */
export function PromotionOptOut() {
  const t = useT();
  const { userId = '' } = useParams();
  const [state, setState] = useState<OptOutState>({ kind: 'idle' });

  useEffect(() => {
    let current = true;
    api.promotion.optOutState(userId).then(
      ({ promotionalEmails }) => current && !promotionalEmails && setState((now) => (now.kind === 'idle' ? { kind: 'alreadyOut' } : now)),
      (error: unknown) => {
        const reason = fieldErrorsOf(error).userId;
        if (current && reason) setState((now) => (now.kind === 'idle' ? { kind: 'invalid', reason } : now));
      },
    );
    return () => {
      current = false;
    };
  }, [userId]);

  const optOut = async () => {
    setState({ kind: 'sending' });
    try {
      await api.promotion.optOut(userId);
      setState({ kind: 'done' });
    } catch (error) {
      const reason = fieldErrorsOf(error).userId;
      if (reason) return setState({ kind: 'invalid', reason });
      console.warn('[promotionOptOut] failed:', error instanceof Error ? error.message : error);
      setState({ kind: 'idle' });
    }
  };

  return (
    <Page title={t('optOut.title')} width="narrow" route={routeLabel(PAGES.promotionOptOut.path)} remote="mf_landing">
      <Paper>
        {state.kind === 'invalid' ? (
          <Notice tone="error" title={t('optOut.invalid')}>
            {state.reason}
          </Notice>
        ) : state.kind === 'alreadyOut' ? (
          <Thanks role="status">
            <p>
              <T id="optOut.already" components={{ 0: <strong /> }} />
            </p>
            <p>{t('optOut.turnBackOn')}</p>
          </Thanks>
        ) : state.kind === 'done' ? (
          <Thanks role="status">
            <p>
              <T id="optOut.thanks" components={{ 0: <strong /> }} />
            </p>
            <p>{t('optOut.stillSent')}</p>
          </Thanks>
        ) : (
          <>
            <Text>{t('optOut.text')}</Text>
            <Button type="button" $block disabled={state.kind === 'sending'} aria-busy={state.kind === 'sending' || undefined} onClick={optOut}>
              {t(state.kind === 'sending' ? 'optOut.sending' : 'optOut.button')}
            </Button>
          </>
        )}
      </Paper>
    </Page>
  );
}
