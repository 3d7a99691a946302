/**
 * What a page shows while its remote's code loads: the loading line and, for a driver whose
 * platform account is connected, what their search is doing (the chip the dashboard shows under
 * Start/Stop). The shell's page carries the same, prerendered (shell/scripts/prerender.tsx) with a copy
 * of the chip per state, of which the page's style shows the one the page script learnt from its
 * early requests: on a slow phone the driver knows whether their search is on seconds before the
 * app's code has arrived, and nothing moves when the shell takes over (docs/FRONTEND.md "Cold start").
 */
import { EARLY_SEARCH_STATE_ATTRIBUTE, EARLY_STOP_ATTRIBUTE, SEARCH_STATES, searchStateOf, useSession } from '@blockpilot/shared';
import { Button, SearchStateChip, Spinner } from '@blockpilot/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../i18n';

/** The search state sits under the spinner's label, with the spinner's own inset. */
const UnderSpinner = styled.div`
  padding: 0 16px 16px;
`;

function LoadingColumn({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <>
      <Spinner label={t('loading')} />
      <UnderSpinner>{children}</UnderSpinner>
    </>
  );
}

/** The live page's: the state from the session, once known. */
export function RemoteLoading() {
  const { account, searchStatus } = useSession();
  return <LoadingColumn>{account?.flexConnected && searchStatus && <SearchStateChip state={searchStateOf(searchStatus)} />}</LoadingColumn>;
}

/** The state's chip and the Stop beside it, the Stop under it when the row is too narrow. */
const EarlyRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

/**
 * The prerendered page's: every state, each shown by the page's style only when it is the one,
 * and a Stop the style shows while the search runs, which the page script carries out before the
 * app's code has arrived (shared/src/pageScript.ts).
 */
export function PrerenderedRemoteLoading() {
  const t = useT();
  return (
    <LoadingColumn>
      <EarlyRow>
        {SEARCH_STATES.map((state) => (
          <span key={state} {...{ [EARLY_SEARCH_STATE_ATTRIBUTE]: state }}>
            <SearchStateChip state={state} />
          </span>
        ))}
        <Button type="button" {...{ [EARLY_STOP_ATTRIBUTE]: '' }}>
          {t('search.stop')}
        </Button>
      </EarlyRow>
    </LoadingColumn>
  );
}
