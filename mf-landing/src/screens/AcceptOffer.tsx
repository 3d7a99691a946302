import { api, formatMoney, formatSpan, localClock, PAGES, routeLabel, type OfferedBlock } from '@blockpilot/shared';
import { Button, Notice, Page, Paper } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../i18n';

const Facts = styled.dl`
  margin: 0 0 16px;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 4px 12px;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

type AcceptState = { kind: 'idle' | 'sending' } | { kind: 'done'; text: string } | { kind: 'refused'; text: string };

/**
 * /acceptOffer/{token}, the link of an `offered` notification (docs/PRODUCT.md "Notify-only
 * filters"), signed in or not: the token is the authority. It shows the block (station, day and
 * time, pay) and ONE Accept button; opening the page accepts nothing, as mail scanners open
 * links. The answer replaces the button: booked, already booked, or why not ("Taken by another
 * driver."), in the server's words.
 */
export function AcceptOffer() {
  const t = useT();
  const { token = '' } = useParams();
  const [block, setBlock] = useState<OfferedBlock | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [state, setState] = useState<AcceptState>({ kind: 'idle' });

  useEffect(() => {
    let current = true;
    api.offers.offeredBlock(token).then(
      (found) => current && setBlock(found),
      (error: unknown) => current && setLoadError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const accept = async () => {
    setState({ kind: 'sending' });
    try {
      const { outcome } = await api.offers.acceptOffered(token);
      setState({ kind: 'done', text: t(outcome === 'accepted' ? 'acceptOffer.accepted' : 'acceptOffer.already') });
    } catch (error) {
      setState({ kind: 'refused', text: error instanceof Error ? error.message : String(error) });
    }
  };

  const started = block !== null && block.startTime * 1000 <= Date.now();
  const closed = block?.state === 'accepted' ? t('acceptOffer.already') : block?.state === 'taken' ? t('acceptOffer.taken') : started ? t('acceptOffer.started') : null;

  return (
    <Page title={t('acceptOffer.title')} width="narrow" route={routeLabel(PAGES.acceptOffer.path)} remote="mf_landing">
      <Paper>
        {loadError ? (
          <Notice tone="error" title={t('acceptOffer.invalid')}>
            {loadError}
          </Notice>
        ) : !block ? (
          <p role="status">{t('acceptOffer.loading')}</p>
        ) : (
          <>
            <Facts>
              <dt>{t('acceptOffer.where')}</dt>
              <dd>{block.serviceAreaName ?? block.serviceAreaId}</dd>
              <dt>{t('acceptOffer.when')}</dt>
              <dd>{formatSpan(localClock(new Date(block.startTime * 1000)), localClock(new Date(block.endTime * 1000)))}</dd>
              <dt>{t('acceptOffer.pay')}</dt>
              <dd>{`${formatMoney('', block.priceAmount)} ${block.currency}`}</dd>
            </Facts>
            {state.kind === 'done' || state.kind === 'refused' ? (
              <Notice tone={state.kind === 'done' ? 'success' : 'error'} title={state.text} />
            ) : closed ? (
              <p role="status">{closed}</p>
            ) : (
              <Button type="button" $block disabled={state.kind === 'sending'} aria-busy={state.kind === 'sending' || undefined} onClick={() => void accept()}>
                {t(state.kind === 'sending' ? 'acceptOffer.sending' : 'acceptOffer.button')}
              </Button>
            )}
          </>
        )}
      </Paper>
    </Page>
  );
}
