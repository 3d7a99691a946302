/**
 * What the remote shows while its texts load in a newly chosen language (docs/FRONTEND.md,
 * "Languages"): a spinner named with the shared kit's words, which the page fetches as it starts,
 * since this remote's own are the ones on their way.
 */
import { useSharedT } from '@blockpilot/shared/i18n';
import { PageContainer, Spinner } from '@blockpilot/shared/ui';

export function CatalogPending() {
  const t = useSharedT();
  return (
    <PageContainer>
      <Spinner label={t('justAMoment')} />
    </PageContainer>
  );
}
