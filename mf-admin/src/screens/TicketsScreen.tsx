import { api, type TicketStatus } from '@blockpilot/shared';
import { Page, Paper, Select } from '@blockpilot/shared/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { Loaded } from '../components/Loaded';
import { TableScroll } from '../components/Table';
import { formatTime } from '../format';
import { useLoad } from '../useLoad';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

/** /admin/tickets: the support inbox, open tickets first by default (the filter stays in the URL). */
export function TicketsScreen() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'open';
  const { load, reload } = useLoad(() => api.admin.tickets(status === 'all' ? {} : { status: status as TicketStatus }), status);
  return (
    <Page title="Support inbox" intro="Contact and help messages. A reply is e-mailed to the sender." width="wide" route="/admin/tickets" remote="mf_admin">
      <Paper>
        <Select label="Show" name="status" options={STATUS_OPTIONS} value={status} onChange={(e) => setParams({ status: e.target.value })} />
        <Loaded
          load={load}
          loadingLabel="Loading tickets…"
          failure="The tickets could not be loaded."
          retry={() => void reload()}
          empty={(tickets) => (tickets.length === 0 ? 'No tickets here.' : null)}
        >
          {(tickets) => (
            <TableScroll>
              <table aria-label="Tickets">
                <thead>
                  <tr>
                    <th scope="col">Ticket</th>
                    <th scope="col">From</th>
                    <th scope="col">Question</th>
                    <th scope="col">Status</th>
                    <th scope="col">Received</th>
                  </tr>
                </thead>
                <tbody>
                  {tickets.map((ticket) => (
                    <tr key={ticket.id}>
                      <td>
                        <Link to={`/admin/tickets/${ticket.id}`}>#{ticket.id}</Link>
                      </td>
                      <td>
                        {ticket.fullName} &lt;{ticket.emailAddress}&gt;
                      </td>
                      <td>{ticket.question.length > 120 ? `${ticket.question.slice(0, 120)}…` : ticket.question}</td>
                      <td>{ticket.status}</td>
                      <td>{formatTime(ticket.createdAt)}</td>
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
