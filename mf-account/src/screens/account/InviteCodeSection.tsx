import { formatCents, INVITE_REWARD_CENTS, INVITE_REWARD_THRESHOLD_CENTS, notify, TOAST_MS } from '@blockpilot/shared';
import { Actions, Button, TextField } from '@blockpilot/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { SectionText } from '../../components/sectionLayout';

export const COPIED_TEXT = 'Invite link copied';

/** The link an invited driver opens; the landing page stores the code for their registration. */
export function inviteLink(shareableCode: string): string {
  return `${window.location.origin}/invite/${encodeURIComponent(shareableCode)}`;
}

/**
 * The driver's invite link with a Copy button. Copying shows a toast for 5 s (docs/PRODUCT.md section 4)
 * and the button says "Copied" for as long. Where the clipboard is refused, the link is selected
 * so the phone's own copy menu can take it.
 */
export function InviteCodeSection({ shareableCode, currencySymbol }: { shareableCode: string; currencySymbol: string }) {
  const link = inviteLink(shareableCode);
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify(COPIED_TEXT, 'success');
      setCopied(true);
    } catch {
      fieldRef.current?.focus();
      fieldRef.current?.select();
      notify("Copying is blocked here: the link is selected, copy it with your phone's menu.", 'error');
    }
  };

  return (
    <>
      <SectionText>
        Share your link with other drivers. When a driver who signed up with it deposits at least {formatCents(currencySymbol, INVITE_REWARD_THRESHOLD_CENTS)}, you get{' '}
        {formatCents(currencySymbol, INVITE_REWARD_CENTS)} credit.
      </SectionText>
      <TextField ref={fieldRef} label="Your invite link" value={link} readOnly onFocus={(event) => event.currentTarget.select()} helperText={`Invite code: ${shareableCode}`} />
      <Actions>
        <Button type="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </Actions>
    </>
  );
}
