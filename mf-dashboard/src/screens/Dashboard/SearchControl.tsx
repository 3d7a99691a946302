/**
 * The large round Start/Stop button and the system chip under it (SPEC.md section 2). The toggle
 * goes through the server and the screen follows its answer: local state takes the returned
 * `searching`, the driver lands on the logs when searching started (to watch offers arrive) or on
 * the filters when it stopped, then the account and schedule are refreshed. A failure is only
 * logged (SPEC.md section 8); the client has already shown any alert the server sent.
 */
import { api, down, useSession } from '@blockpilot/shared';
import { Chip, tint } from '@blockpilot/shared/ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

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
  &:disabled {
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
    font-size: 1rem;
    box-shadow: 0 0 0 4px ${({ theme, $searching }) => tint($searching ? theme.palette.error : theme.palette.primary, 15)};
    &:focus-visible {
      outline-offset: 6px;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

/**
 * The browser's IANA time zone ("America/New_York"), so filters are matched with the offset each
 * block will really have after a daylight-saving change; undefined where the browser names none.
 */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function SearchControl() {
  const { searching, setSearching, refresh } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const chipId = `${useId().replace(/:/g, '')}-state`;

  const toggle = async () => {
    setPending(true);
    try {
      const result = await api.user.toggleSearchState(new Date().getTimezoneOffset(), browserTimeZone());
      const started = Boolean(result?.searching);
      setSearching(started);
      navigate(started ? '/dashboard/logs' : '/dashboard/settings');
      await refresh();
    } catch (error) {
      console.warn('[toggleSearchState] failed:', error instanceof Error ? error.message : error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Column>
      <RoundButton type="button" $searching={searching} onClick={() => void toggle()} disabled={pending} aria-busy={pending || undefined} aria-describedby={chipId}>
        {searching ? 'Stop' : 'Start'}
      </RoundButton>
      <span id={chipId} role="status">
        <Chip dot={searching ? 'success' : 'error'}>{searching ? 'System Started' : 'System Stopped'}</Chip>
      </span>
    </Column>
  );
}
