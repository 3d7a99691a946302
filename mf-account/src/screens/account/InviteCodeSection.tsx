import { formatCents, INVITE_REWARD_CENTS, INVITE_REWARD_THRESHOLD_CENTS, notify, pageLinks, TOAST_MS } from '@blockpilot/shared';
import { Actions, Button, TextField } from '@blockpilot/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { SectionText } from '../../components/sectionLayout';
import { useT } from '../../i18n';

/** The link an invited driver opens; the landing page stores the code for their registration. */
export function inviteLink(shareableCode: string): string {
  return `${window.location.origin}${pageLinks.invite(shareableCode)}`;
}

/**
 * The driver's invite link with a Copy button. Copying shows a toast for 5 s (docs/PRODUCT.md section 4)
 * and the button says "Copied" for as long. Where the clipboard is refused, the link is selected
 * so the phone's own copy menu can take it.
 */
export function InviteCodeSection({ shareableCode, currencySymbol }: { shareableCode: string; currencySymbol: string }) {
  const t = useT();
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
      notify(t('invite.copied'), 'success');
      setCopied(true);
    } catch {
      fieldRef.current?.focus();
      fieldRef.current?.select();
      notify(t('invite.copyBlocked'), 'error');
    }
  };

  return (
    <>
      <SectionText>
        {t('invite.text', { threshold: formatCents(currencySymbol, INVITE_REWARD_THRESHOLD_CENTS), reward: formatCents(currencySymbol, INVITE_REWARD_CENTS) })}
      </SectionText>
      <TextField
        ref={fieldRef}
        label={t('invite.link')}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        helperText={t('invite.code', { code: shareableCode })}
      />
      <Actions>
        <Button type="button" onClick={() => void copy()}>
          {copied ? t('invite.copiedButton') : t('invite.copy')}
        </Button>
      </Actions>
    </>
  );
}
