/**
 * The dashboard's one control that must never be out of reach: while the dashboard remote cannot
 * load, the shell itself shows whether the search runs (the session's state, refreshed every
 * 10 s) and a Stop. Stop sends the wanted state, so a stale screen can never start the search.
 * Starting stays on the dashboard, where the filters it runs on are shown.
 */
import { api, searchStateOf, useSession } from '@blockpilot/shared';
import { Button, SearchStateChip } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useT } from '../i18n';

const Row = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  h2 {
    margin: 0;
    font-size: 1rem;
  }
`;

export function ShellSearchStop() {
  const t = useT();
  const { account, searching, searchStatus, setSearchStatus, refresh } = useSession();
  const [pending, setPending] = useState(false);
  if (!account?.flexConnected) return null;

  const stop = async () => {
    setPending(true);
    try {
      const result = await api.user.toggleSearchState(new Date().getTimezoneOffset(), undefined, false);
      setSearchStatus(result.status);
      await refresh();
    } catch (error) {
      // The client has shown the server's alert, if any; the state shown is refreshed anyway.
      console.warn('[shell] stopping the search failed:', error instanceof Error ? error.message : error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Row aria-labelledby="shell-search-heading">
      <h2 id="shell-search-heading">{t('search.title')}</h2>
      <span role="status">
        <SearchStateChip state={searchStateOf({ searching, pausedFor: searchStatus?.pausedFor ?? null, noEligibleStation: searchStatus?.noEligibleStation ?? false })} />
      </span>
      {searching && (
        <Button type="button" onClick={() => void stop()} disabled={pending} aria-busy={pending || undefined}>
          {t('search.stop')}
        </Button>
      )}
    </Row>
  );
}
