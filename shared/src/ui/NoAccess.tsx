import { useSharedT } from '../i18n/sharedCatalog';
import { ButtonLink } from './ButtonLink';
import { Notice } from './Notice';
import { PAGES } from '../pages';
import { Page } from './Page';

/**
 * What a signed-in person sees on a page their role does not open (docs/OPERATIONS.md "Roles"):
 * the shell shows it to a driver at /admin (the console's remote is never loaded for them), and
 * the console shows it to support at admin-only pages. The server refuses the calls either way.
 */
export function NoAccess({ message }: { message?: string }) {
  const t = useSharedT();
  return (
    <Page title={t('noAccess.title')} width="narrow" route="no-access">
      <Notice tone="warning">{message ?? t('noAccess.message')}</Notice>
      <p>
        <ButtonLink to={PAGES.dashboard.path} $variant="outlined">
          {t('noAccess.back')}
        </ButtonLink>
      </p>
    </Page>
  );
}
