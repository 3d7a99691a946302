import { api } from '@blockpilot/shared';
import { Button, Page, Paper } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';

const Text = styled.p`
  margin: 0 0 16px;
`;

const Thanks = styled.div`
  p {
    margin: 0 0 8px;
  }
`;

/**
 * /promotionOptOut/{userId}, the link in promotional e-mails. The button becomes 'Just a moment'
 * and is disabled while sending, then a thank-you text replaces it. A failure is only logged
 * (SPEC.md section 8) and the button comes back so the driver can try again.
 */
export function PromotionOptOut() {
  const { userId = '' } = useParams();
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');

  const optOut = async () => {
    setState('sending');
    try {
      await api.promotion.optOut(userId);
      setState('done');
    } catch (error) {
      console.warn('[promotionOptOut] failed:', error instanceof Error ? error.message : error);
      setState('idle');
    }
  };

  return (
    <Page title="Promotional e-mails" width="narrow" route="/promotionOptOut/{userId}" remote="mf_landing">
      <Paper>
        {state === 'done' ? (
          <Thanks role="status">
            <p>
              <strong>Thank you.</strong> You will not receive promotional e-mails from BlockPilot any more.
            </p>
            <p>Messages about your account, such as password resets and the block notifications you chose, still arrive.</p>
          </Thanks>
        ) : (
          <>
            <Text>Do not want our news and offers by e-mail? Unsubscribe here. Messages about your account and your blocks keep coming.</Text>
            <Button type="button" $block disabled={state === 'sending'} aria-busy={state === 'sending' || undefined} onClick={optOut}>
              {state === 'sending' ? 'Just a moment' : 'Unsubscribe from promotional e-mails'}
            </Button>
          </>
        )}
      </Paper>
    </Page>
  );
}
