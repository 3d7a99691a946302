import { api, formatLocalDateTime, formatNumber, type Promotion, SUB_PAGES, useForm } from '@blockpilot/shared';
import { Button, Chip, Dialog, Form, FormFeedback, Page, Paper, SubmitButton, TextArea, TextField } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { CardHeading, CardList } from '../components/Cards';
import { Loaded } from '../components/Loaded';
import { useT } from '../i18n';
import { useLoad } from '../useLoad';

/** How often the screen asks for progress while a promotion is being sent. */
export const PROGRESS_POLL_MS = 2000;

const Body = styled.p`
  white-space: pre-line;
`;

const Meta = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.palette.textMuted};
`;

const Progress = styled.progress`
  width: 100%;
  height: 12px;
`;

const STATUS = {
  draft: { label: 'promotions.status.draft', dot: 'neutral' },
  sending: { label: 'promotions.status.sending', dot: 'warning' },
  sent: { label: 'promotions.status.sent', dot: 'success' },
} as const;

/** Subject and text of a new promotion, with a preview of the e-mail a driver gets. */
function Compose({ onSaved }: { onSaved: () => unknown }) {
  const t = useT();
  const form = useForm({
    initialValues: { subject: '', text: '' },
    onSubmit: async (values, controls) => {
      await api.admin.promotions.create(values);
      controls.reset();
      await onSaved();
    },
  });
  return (
    <Paper>
      <Form onSubmit={form.handleSubmit} aria-label={t('promotions.compose.form')}>
        <TextField label={t('promotions.compose.subject')} {...form.field('subject')} />
        <TextArea label={t('promotions.compose.message')} rows={8} {...form.field('text')} />
        <section aria-label={t('promotions.compose.preview')}>
          <h3>{t('promotions.compose.previewTitle', { subject: form.values.subject.trim() || t('promotions.compose.subject') })}</h3>
          <Body>{form.values.text.trim() || t('promotions.compose.message')}</Body>
          <Meta>{t('promotions.compose.optOut')}</Meta>
        </section>
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel={t('common.saving')}>
          {t('promotions.compose.save')}
        </SubmitButton>
      </Form>
    </Paper>
  );
}

/** How far a promotion has gone out: drivers done of all, the delivered count, and the batches (jobs on the queue) done. */
function Delivery({ delivery, batches }: Pick<Promotion, 'delivery' | 'batches'>) {
  const t = useT();
  const done = delivery.sent + delivery.skipped + delivery.failed + delivery.unconfirmed;
  return (
    <>
      <Progress value={done} max={Math.max(delivery.recipients, 1)} aria-label={t('promotions.delivery.progress')} />
      <p>
        {t('promotions.delivery.done', {
          done: formatNumber(done),
          recipients: formatNumber(delivery.recipients),
          batchesDone: formatNumber(batches.done),
          batches: batches.total,
          sent: formatNumber(delivery.sent),
          skipped: formatNumber(delivery.skipped),
          failed: formatNumber(delivery.failed),
        })}
      </p>
      {delivery.unconfirmed > 0 && <Meta>{t('promotions.delivery.unconfirmed', { count: delivery.unconfirmed })}</Meta>}
    </>
  );
}

/** How many drivers the promotion reaches if sent now, counted by the server (opted-out drivers left out). */
function Audience() {
  const t = useT();
  const { load } = useLoad(() => api.admin.promotions.audience(), 'audience');
  if (load.kind === 'loading') return <p>{t('promotions.sendDialog.counting')}</p>;
  if (load.kind === 'failed') return <p role="alert">{t('promotions.sendDialog.countFailed')}</p>;
  return <p>{t('promotions.sendDialog.reach', { count: load.data.drivers })}</p>;
}

/**
 * /admin/promotions (admins): compose a promotional e-mail, send it to every driver who has not
 * opted out, and watch it go out (docs/OPERATIONS.md "Promotions").
 */
export function PromotionsScreen() {
  const t = useT();
  const { load, reload } = useLoad(() => api.admin.promotions.list(), 'promotions');
  const [confirming, setConfirming] = useState<Promotion | null>(null);
  const sending = load.kind === 'ready' && load.data.some((p) => p.status === 'sending');
  useEffect(() => {
    if (!sending) return;
    const timer = setTimeout(() => void reload(), PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [sending, load, reload]);

  const send = async (promotion: Promotion) => {
    setConfirming(null);
    // A refusal is the server's toast; the list shows what holds either way.
    await api.admin.promotions.send(promotion.id).catch(() => undefined);
    await reload();
  };

  return (
    <Page title={t('promotions.title')} intro={t('promotions.intro')} width="regular" route={SUB_PAGES.admin.promotions} remote="mf_admin">
      <Compose onSaved={reload} />
      <Loaded
        load={load}
        loadingLabel={t('promotions.loading')}
        failure={t('promotions.failed')}
        retry={() => void reload()}
        empty={(promotions) => (promotions.length === 0 ? t('promotions.none') : null)}
      >
        {(promotions) => (
          <CardList aria-label={t('promotions.list')}>
            {promotions.map((promotion) => (
              <li key={promotion.id}>
                <Paper>
                  <CardHeading>
                    <h2>{promotion.subject}</h2>
                    <Chip dot={STATUS[promotion.status].dot}>{t(STATUS[promotion.status].label)}</Chip>
                  </CardHeading>
                  <Meta>
                    {t('promotions.by', { email: promotion.createdByEmail, date: formatLocalDateTime(promotion.createdAt) })}
                    {promotion.sentAt !== null && ` · ${t('promotions.finished', { date: formatLocalDateTime(promotion.sentAt) })}`}
                  </Meta>
                  <Body>{promotion.text}</Body>
                  {promotion.status === 'draft' ? (
                    <Button type="button" onClick={() => setConfirming(promotion)}>
                      {t('promotions.send')}
                    </Button>
                  ) : (
                    <Delivery delivery={promotion.delivery} batches={promotion.batches} />
                  )}
                </Paper>
              </li>
            ))}
          </CardList>
        )}
      </Loaded>
      <Dialog
        open={confirming !== null}
        title={t('promotions.sendDialog.title')}
        onClose={() => setConfirming(null)}
        actions={
          <>
            <Button type="button" $variant="outlined" onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
            <Button type="button" onClick={() => void send(confirming!)}>
              {t('promotions.sendDialog.send')}
            </Button>
          </>
        }
      >
        {confirming && <p>{t('promotions.sendDialog.body', { subject: confirming.subject })}</p>}
        {confirming && <Audience />}
      </Dialog>
    </Page>
  );
}
