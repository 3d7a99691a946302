import { ButtonLink } from './ButtonLink';
import { Notice } from './Notice';
import { Page } from './Page';

/**
 * What a signed-in person sees on a page their role does not open (docs/OPERATIONS.md "Roles"):
 * the shell shows it to a driver at /admin (the console's remote is never loaded for them), and
 * the console shows it to support at admin-only pages. The server refuses the calls either way.
 */
export function NoAccess({ message = 'This page is for BlockPilot operators. Your account does not have access to it.' }: { message?: string }) {
  return (
    <Page title="No access" width="narrow" route="no-access">
      <Notice tone="warning">{message}</Notice>
      <p>
        <ButtonLink to="/dashboard" $variant="outlined">
          Back to the dashboard
        </ButtonLink>
      </p>
    </Page>
  );
}
