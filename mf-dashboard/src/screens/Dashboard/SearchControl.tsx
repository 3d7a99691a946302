/**
 * The large round Start/Stop button and the system chip under it (docs/PRODUCT.md section 2). The button
 * sends the state it shows it will bring (Start: searching, Stop: not), never a bare toggle, and
 * reads "checking..." (disabled) until the server has said what the search is doing, so a tap
 * can never act against what the screen said (docs/LIVE.md "Start and Stop"). The screen follows
 * the answer: the driver lands on the logs when searching started (to watch offers arrive) or on
 * the filters when it stopped, then the account and schedule are refreshed. A failure is only
 * logged (docs/PRODUCT.md section 8); the client has already shown any alert the server sent.
 *
 * The chip says what the search is really doing: started, stopped, paused because the credit does
 * not cover a matching offer (with what was skipped), or waiting because no selected station is
 * one the account may work. Before a platform account is connected there is no search to ask
 * about: the card says "Not connected" and offers Connect instead (docs/FRONTEND.md "Dialogs").
 *
 * While its request runs the button is aria-disabled, never disabled: a disabled button loses the
 * keyboard focus to the page (docs/FRONTEND.md "Keyboard").
 */
import { api, down, PAGES, searchStateOf, SUB_PAGES, useSession } from '@blockpilot/shared';
import { ButtonLink, Chip, SearchStateChip, tint } from '@blockpilot/shared/ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { usePreloadOnIntent } from '../../components/pagePreload';
import { useT } from '../../i18n';

const Column = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  /* Compact on a phone, where the card sticks under the navigation bar. */
  ${down('lg')} {
    flex-direction: row;
    gap: 16px;
  }
`;

const SIZE = 128;
const COMPACT_SIZE = 64;

const RoundButton = styled.button<{ $searching: boolean }>`
  width: ${SIZE}px;
  height: ${SIZE}px;
  border-radius: 50%;
  border: 0;
  background: ${({ theme, $searching }) => ($searching ? theme.palette.error : theme.palette.primary)};
  color: ${({ theme }) => theme.palette.primaryContrast};
  font: 700 1.5rem ${({ theme }) => theme.font.family};
  letter-spacing: 0.04em;
  cursor: pointer;
  box-shadow:
    0 0 0 8px ${({ theme, $searching }) => tint($searching ? theme.palette.error : theme.palette.primary, 15)},
    ${({ theme }) => theme.shadow};
  transition: transform 0.1s;
  &:active:not(:disabled) {
    transform: scale(0.97);
  }
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: 12px;
  }
  ${down('lg')} {
    width: ${COMPACT_SIZE}px;
    height: ${COMPACT_SIZE}px;
    /* The longest language's word fits the small circle: Spanish "Detener" and "Iniciar" at 1rem
       with spacing needed 75 px of a 64 px button (docs/FRONTEND.md "Languages"). */
    padding: 0;
    font-size: 0.8125rem;
    letter-spacing: 0;
    box-shadow: 0 0 0 4px ${({ theme, $searching }) => tint($searching ? theme.palette.error : theme.palette.primary, 15)};
    &:focus-visible {
      outline-offset: 6px;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

/** Marks the Start/Stop button, for a control that starts the search in its place and goes (the puzzle's Resume) to hand the focus to. */
export const SEARCH_TOGGLE_ATTRIBUTE = 'data-search-toggle';

/**
 * The browser's IANA time zone ("America/New_York"), so filters are matched with the offset each
 * block will really have after a daylight-saving change; undefined where the browser names none.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const Missed = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.palette.textMuted};
  font-size: 0.875rem;
`;

export function SearchControl({ formatCents }: { formatCents: (cents: number) => string }) {
  const t = useT();
  const preloadOnIntent = usePreloadOnIntent();
  const { account, searchStatus, setSearchStatus, refresh } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const chipId = `${useId().replace(/:/g, '')}-state`;
  const known = searchStatus !== null;
  const searching = searchStatus?.searching ?? false;

  const toggle = async () => {
    if (!known || pending) return;
    setPending(true);
    try {
      const result = await api.user.toggleSearchState(new Date().getTimezoneOffset(), browserTimeZone(), !searching);
      const started = result.searching;
      setSearchStatus(result.status);
      navigate(started ? SUB_PAGES.dashboard.logs : SUB_PAGES.dashboard.settings);
      await refresh();
    } catch (error) {
      console.warn('[toggleSearchState] failed:', error instanceof Error ? error.message : error);
    } finally {
      setPending(false);
    }
  };

  const missed = searchStatus?.pausedFor === 'credit' ? searchStatus.missed : null;
  if (account && !account.flexConnected) {
    return (
      <Column>
        <ButtonLink to={PAGES.connectAccount.path} $variant="contained" aria-describedby={chipId} {...preloadOnIntent(PAGES.connectAccount.path)}>
          {t('search.connect')}
        </ButtonLink>
        <span id={chipId} role="status">
          <Chip dot="error">{t('search.notConnected')}</Chip>
        </span>
      </Column>
    );
  }
  return (
    <Column>
      <RoundButton
        type="button"
        $searching={searching}
        onClick={() => void toggle()}
        disabled={!known}
        aria-disabled={pending || undefined}
        aria-busy={pending || !known || undefined}
        aria-describedby={chipId}
        {...{ [SEARCH_TOGGLE_ATTRIBUTE]: '' }}
      >
        {t(known ? (searching ? 'search.stop' : 'search.start') : 'search.checking')}
      </RoundButton>
      <span id={chipId} role="status">
        {known ? <SearchStateChip state={searchStateOf(searchStatus)} /> : <Chip dot="neutral">{t('search.checking')}</Chip>}
      </span>
      {missed && missed.count > 0 && <Missed>{t('search.missed', { count: missed.count, amount: formatCents(missed.valueCents) })}</Missed>}
    </Column>
  );
}
