import { api, useForm, type Promotion } from '@blockpilot/shared';
import { Button, Chip, Dialog, Form, FormFeedback, Page, Paper, SubmitButton, TextArea, TextField } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { CardHeading, CardList } from '../components/Cards';
import { Loaded } from '../components/Loaded';
import { formatTime } from '../format';
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

const STATUS = { draft: { label: 'Draft', dot: 'neutral' }, sending: { label: 'Sending', dot: 'warning' }, sent: { label: 'Sent', dot: 'success' } } as const;

/** Subject and text of a new promotion, with a preview of the e-mail a driver gets. */
function Compose({ onSaved }: { onSaved: () => unknown }) {
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
      <Form onSubmit={form.handleSubmit} aria-label="New promotion">
        <TextField label="Subject" {...form.field('subject')} />
        <TextArea label="Message" rows={8} {...form.field('text')} />
        <section aria-label="Preview">
          <h3>Preview: {form.values.subject.trim() || 'Subject'}</h3>
          <Body>{form.values.text.trim() || 'Message'}</Body>
          <Meta>Under it, each driver gets their own link to opt out of promotional e-mail.</Meta>
        </section>
        <FormFeedback form={form} />
        <SubmitButton pending={form.pending} pendingLabel="Saving…">
          Save draft
        </SubmitButton>
      </Form>
    </Paper>
  );
}

/** How far a promotion has gone out: drivers done of all, the delivered count, and the batches (jobs on the queue) done. */
function Delivery({ delivery, batches }: Pick<Promotion, 'delivery' | 'batches'>) {
  const done = delivery.sent + delivery.skipped + delivery.failed + delivery.unconfirmed;
  return (
    <>
      <Progress value={done} max={Math.max(delivery.recipients, 1)} aria-label="Sending progress" />
      <p>
        {done} of {delivery.recipients} drivers done, in {batches.done} of {batches.total} {batches.total === 1 ? 'batch' : 'batches'}: {delivery.sent} delivered,{' '}
        {delivery.skipped} opted out meanwhile, {delivery.failed} failed.
      </p>
      {delivery.unconfirmed > 0 && (
        <Meta>
          {delivery.unconfirmed === 1
            ? '1 e-mail was being sent when a server stopped: it may or may not have gone, and is never sent again.'
            : `${delivery.unconfirmed} e-mails were being sent when a server stopped: they may or may not have gone, and are never sent again.`}
        </Meta>
      )}
    </>
  );
}

/**
 * /admin/promotions (admins): compose a promotional e-mail, send it to every driver who has not
 * opted out, and watch it go out (docs/OPERATIONS.md "Promotions").
 */
export function PromotionsScreen() {
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
    <Page
      title="Promotions"
      intro="Promotional e-mails to every driver who has not opted out. Each driver gets each promotion once."
      width="regular"
      route="/admin/promotions"
      remote="mf_admin"
    >
      <Compose onSaved={reload} />
      <Loaded
        load={load}
        loadingLabel="Loading promotions…"
        failure="The promotions could not be loaded."
        retry={() => void reload()}
        empty={(promotions) => (promotions.length === 0 ? 'No promotions yet.' : null)}
      >
        {(promotions) => (
          <CardList aria-label="Promotions">
            {promotions.map((promotion) => (
              <li key={promotion.id}>
                <Paper>
                  <CardHeading>
                    <h2>{promotion.subject}</h2>
                    <Chip dot={STATUS[promotion.status].dot}>{STATUS[promotion.status].label}</Chip>
                  </CardHeading>
                  <Meta>
                    By {promotion.createdByEmail}, {formatTime(promotion.createdAt)}
                    {promotion.sentAt !== null && ` · finished ${formatTime(promotion.sentAt)}`}
                  </Meta>
                  <Body>{promotion.text}</Body>
                  {promotion.status === 'draft' ? (
                    <Button type="button" onClick={() => setConfirming(promotion)}>
                      Send to drivers
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
        title="Send this promotion?"
        onClose={() => setConfirming(null)}
        actions={
          <>
            <Button type="button" $variant="outlined" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button type="button" onClick={() => void send(confirming!)}>
              Send now
            </Button>
          </>
        }
      >
        {confirming && <p>“{confirming.subject}” goes to every driver with a confirmed address who has not opted out. It cannot be taken back.</p>}
      </Dialog>
    </Page>
  );
}
