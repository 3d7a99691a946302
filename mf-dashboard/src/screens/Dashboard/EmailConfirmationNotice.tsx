/**
 * Asks a driver who has not confirmed their e-mail address to do so: the sign-up bonus is credited
 * only then (docs/SECURITY.md "Free credit"). The e-mailed link lands on /dashboard, or on
 * /dashboard?emailLink=invalid when it was altered or has expired; both offer to send a new link.
 * The server's answer to the resend (sent, or why not) shows as a toast.
 */
import { ApiError, api, EMAIL_LINK_INVALID, SIGN_UP_BONUS_CENTS, useSession } from '@blockpilot/shared';
import { Button, Notice } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatCents } from '../../format';
import { useT } from '../../i18n';

const Actions = styled.div`
  margin-top: 10px;
`;

type Sending = 'idle' | 'sending' | 'sent';

function ResendButton() {
  const t = useT();
  const { refresh } = useSession();
  const [sending, setSending] = useState<Sending>('idle');

  const resend = async () => {
    setSending('sending');
    try {
      await api.auth.resendVerificationEmail();
      setSending('sent');
    } catch (error) {
      setSending('idle');
      // Confirmed meanwhile (another tab, the link on a phone): the account says so once reloaded.
      if (error instanceof ApiError && error.status === 409) await refresh();
    }
  };

  if (sending === 'sent') return <p>{t('email.sent')}</p>;
  return (
    <Actions>
      <Button type="button" disabled={sending === 'sending'} aria-busy={sending === 'sending' || undefined} onClick={() => void resend()}>
        {sending === 'sending' ? t('email.sending') : t('email.resend')}
      </Button>
    </Actions>
  );
}

export function EmailConfirmationNotice() {
  const t = useT();
  const { account } = useSession();
  const [searchParams] = useSearchParams();
  if (!account) return null;
  if (searchParams.get(EMAIL_LINK_INVALID.param) === EMAIL_LINK_INVALID.value) {
    return (
      <Notice tone="warning" title={t('email.invalid.title')}>
        {account.emailVerified ? (
          <p>{t('email.invalid.confirmed')}</p>
        ) : (
          <>
            <p>{t('email.invalid.body', { email: account.emailAddress })}</p>
            <ResendButton />
          </>
        )}
      </Notice>
    );
  }
  if (account.emailVerified) return null;
  return (
    <Notice tone="primary" title={t('email.title', { bonus: formatCents(account.currency_symbol, SIGN_UP_BONUS_CENTS) })}>
      <p>{t('email.body', { email: account.emailAddress })}</p>
      <ResendButton />
    </Notice>
  );
}
