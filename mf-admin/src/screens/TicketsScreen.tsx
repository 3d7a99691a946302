import { api, formatLocalDateTime, type TicketStatus } from '@blockpilot/shared';
import { Page, Paper, Select } from '@blockpilot/shared/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { Loaded } from '../components/Loaded';
import { SenderNote } from '../components/SenderNote';
import { ColumnHeads, TableScroll } from '../components/Table';
import { useT } from '../i18n';
import { useLoad } from '../useLoad';

const SHOWN = ['open', 'answered', 'closed', 'all'] as const;

/** /admin/tickets: the support inbox, open tickets first by default (the filter stays in the URL). */
export function TicketsScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'open';
  const { load, reload } = useLoad(() => api.admin.tickets(status === 'all' ? {} : { status: status as TicketStatus }), status);
  return (
    <Page title={t('tickets.title')} intro={t('tickets.intro')} width="wide" route="/admin/tickets" remote="mf_admin">
      <Paper>
        <Select
          label={t('tickets.show')}
          name="status"
          options={SHOWN.map((shown) => ({ value: shown, label: t(`tickets.show.${shown}`) }))}
          value={status}
          onChange={(e) => setParams({ status: e.target.value })}
        />
        <Loaded
          load={load}
          loadingLabel={t('tickets.loading')}
          failure={t('tickets.failed')}
          retry={() => void reload()}
          empty={(tickets) => (tickets.length === 0 ? t('tickets.none') : null)}
        >
          {(tickets) => (
            <TableScroll>
              <table aria-label={t('tickets.table')}>
                <ColumnHeads of="tickets.column" names={['ticket', 'from', 'question', 'status', 'received']} />
                <tbody>
                  {tickets.map((ticket) => (
                    <tr key={ticket.id}>
                      <td>
                        <Link to={`/admin/tickets/${ticket.id}`}>#{ticket.id}</Link>
                      </td>
                      <td>
                        {ticket.fullName} &lt;{ticket.emailAddress}&gt;
                        <br />
                        <SenderNote verified={ticket.senderVerified} />
                      </td>
                      <td>{ticket.question.length > 120 ? `${ticket.question.slice(0, 120)}…` : ticket.question}</td>
                      <td>{t('tickets.status', { status: ticket.status })}</td>
                      <td>{formatLocalDateTime(ticket.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </Loaded>
      </Paper>
    </Page>
  );
}
