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
import { useT } from './i18n';

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
  const t = useT();
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
      <h2 id={titleId}>{t('feed.title')}</h2>
      <p>{t('feed.intro')}</p>
      {feed === null ? (
        loaded.state === 'error' ? (
          <LoadFailed title={t('feed.failed')} onRetry={loaded.retry} />
        ) : (
          <Spinner label={t('feed.loading')} />
        )
      ) : (
        <>
          {feed.url ? (
            <>
              <label htmlFor={urlId}>{t('feed.url')}</label>
              <Row>
                <Url id={urlId} readOnly value={feed.url} onFocus={(event) => event.currentTarget.select()} />
                <Button type="button" onClick={() => void copy(feed.url!)}>
                  {t('feed.copy')}
                </Button>
                <DownloadLink href={feed.url} download="blockpilot.ics">
                  {t('feed.download')}
                </DownloadLink>
              </Row>
              <p role="status">{copied ? t('feed.copied') : ''}</p>
            </>
          ) : feed.createdAt !== null ? (
            <p>{t('feed.made', { when: formatLocalMoment(feed.createdAt) })}</p>
          ) : (
            <p>{t('feed.none')}</p>
          )}
          <Row>
            <Button type="button" $variant={feed.createdAt === null ? 'contained' : 'outlined'} onClick={() => void make()} disabled={busy} aria-busy={busy || undefined}>
              {t(feed.createdAt === null ? 'feed.make' : 'feed.makeNew')}
            </Button>
            {feed.createdAt !== null && (
              <Button type="button" $variant="outlined" onClick={() => void revoke()} disabled={busy}>
                {t('feed.revoke')}
              </Button>
            )}
          </Row>
        </>
      )}
    </Panel>
  );
}
