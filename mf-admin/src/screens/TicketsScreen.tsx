import { api, formatLocalDateTime, pageLinks, SUB_PAGES, type TicketStatus } from '@blockpilot/shared';
import { Page, Paper, Select } from '@blockpilot/shared/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { Loaded } from '../components/Loaded';
import { SenderNote } from '../components/SenderNote';
import { DataTable } from '../components/Table';
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
    <Page title={t('tickets.title')} intro={t('tickets.intro')} width="wide" route={SUB_PAGES.admin.tickets} remote="mf_admin">
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
            <DataTable
              label={t('tickets.table')}
              of="tickets.column"
              rows={tickets}
              rowKey={(ticket) => ticket.id}
              columns={[
                { name: 'ticket', cell: (ticket) => <Link to={pageLinks.adminTicket(ticket.id)}>#{ticket.id}</Link> },
                {
                  name: 'from',
                  cell: (ticket) => (
                    <>
                      {ticket.fullName} &lt;{ticket.emailAddress}&gt;
                      <br />
                      <SenderNote verified={ticket.senderVerified} />
                    </>
                  ),
                },
                { name: 'question', cell: (ticket) => (ticket.question.length > 120 ? `${ticket.question.slice(0, 120)}…` : ticket.question) },
                { name: 'status', cell: (ticket) => t('tickets.status', { status: ticket.status }) },
                { name: 'received', cell: (ticket) => formatLocalDateTime(ticket.createdAt) },
              ]}
            />
          )}
        </Loaded>
      </Paper>
    </Page>
  );
}
