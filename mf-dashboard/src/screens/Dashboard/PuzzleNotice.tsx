/**
 * The puzzle pause, said so a driver understands it (docs/LIVE.md "Puzzle pause"): the platform
 * asked for a puzzle, so the engine stopped searching (docs/ENGINE.md "Pace"); the notice says
 * what to do in the platform's app and offers "I solved it, resume", which asks for the search
 * to run (a Start with the wanted state, as the Start button sends it) and so clears the flag. If
 * the platform still wants the puzzle, the engine stops again at its first poll, the account is
 * reloaded (a live `account` event) and the notice comes back saying the puzzle is still there.
 * A Start on another device clears it here too, within a second (the live status, then the account).
 */
import { api, SUB_PAGES, useSession } from '@blockpilot/shared';
import { Button, Notice } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n';
import { browserTimeZone, SEARCH_TOGGLE_ATTRIBUTE } from './SearchControl';

export function PuzzleNotice() {
  const t = useT();
  const { account, searchStatus, setSearchStatus, refresh } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  // Set once the driver pressed Resume on this page: a puzzle shown after that is one still there.
  const [resumed, setResumed] = useState(false);
  // A running search is one the puzzle no longer stops: the live status of a Start made on another
  // device hides the notice at once, before that device's account reload lands (docs/LIVE.md
  // "Puzzle pause"). Hidden, not unmounted: `resumed` is kept for a puzzle that comes back.
  if (!account?.puzzleRequired || searchStatus?.searching) return null;

  const resume = async () => {
    setPending(true);
    let started = false;
    try {
      const result = await api.user.toggleSearchState(new Date().getTimezoneOffset(), browserTimeZone(), true);
      setSearchStatus(result.status);
      started = result.searching;
      if (started) {
        navigate(SUB_PAGES.dashboard.logs);
        // The notice, with this button, goes: the keyboard focus moves to the Stop that replaces it
        // rather than falling to the page (docs/FRONTEND.md "Keyboard").
        document.querySelector<HTMLElement>(`[${SEARCH_TOGGLE_ATTRIBUTE}]`)?.focus();
      }
    } catch (error) {
      // A refused Start (no credit, no filter) already showed its alert; the notice stays.
      console.warn('[resume after puzzle] failed:', error instanceof Error ? error.message : error);
    }
    // Only an account read after the Start tells whether the puzzle is still there: until then the
    // one on screen is the old one, and saying "still" from it would be a guess.
    await refresh();
    if (started) setResumed(true);
    setPending(false);
  };

  return (
    <Notice tone="warning" title={t('puzzle.title')}>
      {resumed && <p role="alert">{t('puzzle.stillThere')}</p>}
      <p>{t('puzzle.step1')}</p>
      <p>{t('puzzle.step2')}</p>
      <p>
        <Button type="button" onClick={() => void resume()} disabled={pending} aria-busy={pending || undefined}>
          {pending ? t('puzzle.resuming') : t('puzzle.resume')}
        </Button>
      </p>
    </Notice>
  );
}
