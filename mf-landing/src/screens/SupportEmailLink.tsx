import { useSupportEmail } from '@blockpilot/shared';

/**
 * The one support address as a mail link: the server's SUPPORT_EMAIL (GET /api/publicConfig), its
 * default until the server has answered (and in the landing page prerendered at build time).
 */
export function SupportEmailLink() {
  const address = useSupportEmail();
  return <a href={`mailto:${address}`}>{address}</a>;
}
