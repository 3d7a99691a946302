import { api, useForm, type Ticket } from '@blockpilot/shared';
import { Button, Form, FormFeedback, Page, Paper, SubmitButton, TextArea } from '@blockpilot/shared/ui';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { formatTime } from '../format';
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
        From {ticket.fullName} &lt;{ticket.emailAddress}&gt;, {ticket.phoneNumber}, {formatTime(ticket.createdAt)} ·{' '}
        {ticket.userId ? <Link to={`/admin/users/${ticket.userId}`}>driver's account</Link> : 'no account'} · {ticket.status}
      </Meta>
      <Message>{ticket.question}</Message>
      <h2>Replies</h2>
      {ticket.replies.length === 0 && <p>No reply yet.</p>}
      {ticket.replies.map((reply) => (
        <div key={reply.id}>
          <Meta>
            {reply.authorEmail}, {formatTime(reply.createdAt)}
          </Meta>
          <Message>{reply.text}</Message>
        </div>
      ))}
      {ticket.status !== 'closed' && (
        <Form onSubmit={form.handleSubmit} aria-label="Reply">
          <TextArea label="Your reply (e-mailed to the sender)" rows={6} {...form.field('text')} />
          <FormFeedback form={form} />
          <SubmitButton pending={form.pending} pendingLabel="Sending…">
            Send reply
          </SubmitButton>
        </Form>
      )}
      <p>
        <Button type="button" $variant="outlined" onClick={() => void toggle()}>
          {ticket.status === 'closed' ? 'Reopen ticket' : 'Close ticket'}
        </Button>
      </p>
    </Paper>
  );
}

/** /admin/tickets/:id: one message, its replies, and the reply form. */
export function TicketScreen() {
  const { id = '' } = useParams();
  const { load, reload } = useLoad(() => api.admin.ticket(Number(id)), id);
  return (
    <Page title={`Ticket #${id}`} width="regular" route="/admin/tickets/{id}" remote="mf_admin">
      <p>
        <Link to="/admin/tickets">← Support inbox</Link>
      </p>
      <Loaded load={load} loadingLabel="Loading the ticket…" failure="The ticket could not be loaded." retry={() => void reload()}>
        {(ticket) => <Conversation ticket={ticket} reload={reload} />}
      </Loaded>
    </Page>
  );
}
