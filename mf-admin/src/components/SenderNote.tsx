import { useT } from '../i18n';

/**
 * Whether a ticket was sent signed in from its driver's account or typed by anyone into the
 * contact form (docs/OPERATIONS.md "Support inbox"): the operator must not take a visitor's
 * address for the driver's.
 */
export function SenderNote({ verified }: { verified: boolean }) {
  const t = useT();
  return verified ? <span>{t('ticket.sender.verified')}</span> : <strong>{t('ticket.sender.unverified')}</strong>;
}
