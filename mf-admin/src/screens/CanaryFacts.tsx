import type { ReleaseCanary } from '@blockpilot/shared';
import { useT } from '../i18n';

/**
 * What a canary is (docs/RELEASES.md "Canary"): its version, the share of signed-in users who get
 * it and the users who always do.
 */
export function CanaryFacts({ canary }: { canary: ReleaseCanary }) {
  const t = useT();
  return (
    <>
      {canary.version}
      <br />
      {t('releases.canaryShare', { percent: canary.percent })}
      {canary.users.length > 0 && (
        <>
          <br />
          {t('releases.canaryUsers', { users: canary.users.join(', ') })}
        </>
      )}
    </>
  );
}
