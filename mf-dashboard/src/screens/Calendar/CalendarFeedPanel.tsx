/**
 * The private calendar feed (docs/LIVE.md "The driver's app"): a link the phone's calendar
 * subscribes to. The server keeps only its hash, so the link shows once, when made; making a new
 * one or revoking it stops the old one at once.
 */
import { api, formatLocalMoment, type CalendarFeed } from '@blockpilot/shared';
import { Button, Spinner } from '@blockpilot/shared/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { LoadFailed } from '../../components/LoadFailed';
import { SectionCard as Panel } from '../../components/pageParts';
import { useLoad } from '../../components/useLoad';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 8px;
`;

const Url = styled.input`
  flex: 1 1 240px;
  min-width: 0;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 12px;
  font: inherit;
  font-size: 16px;
  border: 1px solid ${({ theme }) => theme.palette.divider};
  border-radius: ${({ theme }) => theme.radius}px;
`;

const DownloadLink = styled.a`
  align-self: center;
  color: ${({ theme }) => theme.palette.primaryDark};
`;

export function CalendarFeedPanel() {
  const loaded = useLoad('feed', () => api.user.getCalendarFeed());
  /** The answer of a make or revoke on this screen, newer than the loaded state. */
  const [changed, setChanged] = useState<CalendarFeed | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  const urlId = useId();
  const feed = changed ?? (loaded.state === 'ready' ? loaded.data : null);

  const act = async (action: () => Promise<CalendarFeed>) => {
    setBusy(true);
    setCopied(false);
    try {
      setChanged(await action());
    } catch (error) {
      // The server's alert is already a toast; the panel keeps what it showed.
      console.warn('[calendarFeed] failed:', error instanceof Error ? error.message : error);
    } finally {
      setBusy(false);
    }
  };
  const make = () => act(() => api.user.rotateCalendarFeed());
  const revoke = () => act(async () => (await api.user.revokeCalendarFeed(), { createdAt: null }));
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the field is selected for a manual copy.
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
    }
  };

  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>Your calendar on your phone</h2>
      <p>
        Subscribe to your blocks in your phone&apos;s calendar app with a private link. Anyone with the link can see your blocks: keep it to yourself, and revoke it if it gets out.
      </p>
      {feed === null ? (
        loaded.state === 'error' ? (
          <LoadFailed title="Your calendar link could not be loaded" onRetry={loaded.retry} />
        ) : (
          <Spinner label="Loading your calendar link…" />
        )
      ) : (
        <>
          {feed.url ? (
            <>
              <label htmlFor={urlId}>Your calendar link (shown only now: copy it into your calendar app)</label>
              <Row>
                <Url id={urlId} readOnly value={feed.url} onFocus={(event) => event.currentTarget.select()} />
                <Button type="button" onClick={() => void copy(feed.url!)}>
                  Copy link
                </Button>
                <DownloadLink href={feed.url} download="blockpilot.ics">
                  Download .ics
                </DownloadLink>
              </Row>
              <p role="status">{copied ? 'Link copied.' : ''}</p>
            </>
          ) : feed.createdAt !== null ? (
            <p>You have a calendar link, made {formatLocalMoment(feed.createdAt)}. For your privacy it was shown only once; make a new one to see a link again.</p>
          ) : (
            <p>You have no calendar link.</p>
          )}
          <Row>
            <Button type="button" $variant={feed.createdAt === null ? 'contained' : 'outlined'} onClick={() => void make()} disabled={busy} aria-busy={busy || undefined}>
              {feed.createdAt === null ? 'Make a calendar link' : 'Make a new link'}
            </Button>
            {feed.createdAt !== null && (
              <Button type="button" $variant="outlined" onClick={() => void revoke()} disabled={busy}>
                Revoke link
              </Button>
            )}
          </Row>
        </>
      )}
    </Panel>
  );
}
