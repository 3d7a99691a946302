import { api, formatLocalDateTime, pageLinks, routeLabel, SUB_PAGES, type Ticket, useForm } from '@blockpilot/shared';
import { Button, Form, FormFeedback, Page, Paper, SubmitButton, TextArea } from '@blockpilot/shared/ui';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { SenderNote } from '../components/SenderNote';
import { useT } from '../i18n';
import { useLoad } from '../useLoad';

const Message = styled.blockquote`
  margin: 0 0 16px;
  padding: 12px 16px;
  border-left: 4px solid ${({ theme }) => theme.palette.divider};
  white-space: pre-line;
`;

const Meta = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.palette.textMuted};
`;

function Conversation({ ticket, reload }: { ticket: Ticket; reload: () => Promise<void> }) {
  const t = useT();
  const form = useForm({
    initialValues: { text: '' },
    onSubmit: async ({ text }, controls) => {
      await api.admin.replyToTicket(ticket.id, text);
      controls.reset();
      await reload();
    },
  });
  const toggle = async () => {
    await api.admin.setTicketStatus(ticket.id, ticket.status === 'closed' ? 'open' : 'closed').catch(() => undefined);
    await reload();
  };
  return (
    <Paper>
      <Meta>
        {t('ticket.from', { name: ticket.fullName, email: ticket.emailAddress, phone: ticket.phoneNumber, date: formatLocalDateTime(ticket.createdAt) })} ·{' '}
        {ticket.userId ? <Link to={pageLinks.adminUser(ticket.userId)}>{t('ticket.driversAccount')}</Link> : t('ticket.noAccount')} ·{' '}
        {t('tickets.status', { status: ticket.status })}
      </Meta>
      <Meta>
        <SenderNote verified={ticket.senderVerified} />
      </Meta>
      <Message>{ticket.question}</Message>
      <h2>{t('ticket.replies')}</h2>
      {ticket.replies.length === 0 && <p>{t('ticket.noReply')}</p>}
      {ticket.replies.map((reply) => (
        <div key={reply.id}>
          <Meta>
            {reply.authorEmail}, {formatLocalDateTime(reply.createdAt)}
          </Meta>
          <Message>{reply.text}</Message>
        </div>
      ))}
      {ticket.status !== 'closed' && (
        <Form onSubmit={form.handleSubmit} aria-label={t('ticket.replyForm')}>
          <TextArea label={t(ticket.senderVerified ? 'ticket.replyLabel' : 'ticket.replyLabelUnverified', { email: ticket.emailAddress })} rows={6} {...form.field('text')} />
          <FormFeedback form={form} />
          <SubmitButton pending={form.pending} pendingLabel={t('ticket.sending')}>
            {t('ticket.send')}
          </SubmitButton>
        </Form>
      )}
      <p>
        <Button type="button" $variant="outlined" onClick={() => void toggle()}>
          {t(ticket.status === 'closed' ? 'ticket.reopen' : 'ticket.close')}
        </Button>
      </p>
    </Paper>
  );
}

/** /admin/tickets/:id: one message, its replies, and the reply form. */
export function TicketScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const { load, reload } = useLoad(() => api.admin.ticket(Number(id)), id);
  return (
    <Page title={t('ticket.title', { id })} width="regular" route={routeLabel(SUB_PAGES.admin.ticket)} remote="mf_admin">
      <p>
        <Link to={SUB_PAGES.admin.tickets}>{t('ticket.back')}</Link>
      </p>
      <Loaded load={load} loadingLabel={t('ticket.loading')} failure={t('ticket.failed')} retry={() => void reload()}>
        {(ticket) => <Conversation ticket={ticket} reload={reload} />}
      </Loaded>
    </Page>
  );
}
