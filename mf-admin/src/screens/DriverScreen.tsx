import { api, formatCents, ROLES, useForm, type AdminUserDetail, type Role } from '@blockpilot/shared';
import { Button, Form, FormFeedback, Page, Paper, Select, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { ReasonAction } from '../components/ReasonAction';
import { TableScroll } from '../components/Table';
import { formatTime } from '../format';
import { useLoad } from '../useLoad';
import { CreditForm } from './CreditForm';

const Sections = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  h2 {
    margin: 0 0 12px;
    font-size: 1.125rem;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0 0 12px;
  dt {
    color: ${({ theme }) => theme.palette.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role === 'user' ? 'Driver (user)' : role }));

function RoleForm({ detail, onDone }: { detail: AdminUserDetail; onDone: () => unknown }) {
  const form = useForm({
    initialValues: { role: detail.role as string, reason: '' },
    onSubmit: async ({ role, reason }, controls) => {
      await api.admin.setRole(detail.id, role as Role, reason);
      controls.reset({ role, reason: '' });
      await onDone();
    },
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Change role">
      <Select label="Role" options={ROLE_OPTIONS} {...form.field('role')} />
      <TextField label="Reason (change role)" {...form.field('reason')} />
      <FormFeedback form={form} />
      <SubmitButton pending={form.pending} pendingLabel="Saving…" $variant="outlined">
        Change role
      </SubmitButton>
    </Form>
  );
}

function Orders({ detail, admin, onDone }: { detail: AdminUserDetail; admin: boolean; onDone: () => unknown }) {
  const [refunding, setRefunding] = useState<string | null>(null);
  if (detail.orders.length === 0) return <p>No orders.</p>;
  return (
    <>
      <TableScroll>
        <table aria-label="Orders">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              {admin && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {detail.orders.map((order) => (
              <tr key={order.id}>
                <td>{formatTime(order.createdAt)}</td>
                <td>{order.kind === 'topup' ? 'Top-up' : `Membership (${order.membershipPlanId ?? '?'})`}</td>
                <td className="money">
                  {formatCents('', order.amountCents)} {order.currency.toUpperCase()}
                </td>
                <td>{order.status}</td>
                {admin && (
                  <td>
                    {order.status === 'paid' && (
                      <Button type="button" $variant="text" onClick={() => setRefunding(order.id)} aria-label={`Refund the order of ${formatTime(order.createdAt)}`}>
                        Refund
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {refunding && (
        <ReasonAction
          label="Refund order"
          pendingLabel="Refunding…"
          act={(reason) => api.admin.refundOrder(refunding, reason)}
          onDone={async () => {
            setRefunding(null);
            await onDone();
          }}
        />
      )}
    </>
  );
}

function Detail({ detail, admin, reload }: { detail: AdminUserDetail; admin: boolean; reload: () => Promise<void> }) {
  const money = (cents: number) => formatCents(detail.currencySymbol, cents);
  const { search, notifications } = detail;
  return (
    <Sections>
      <Paper aria-labelledby="driver-profile">
        <h2 id="driver-profile">Profile</h2>
        <Facts>
          <dt>E-mail</dt>
          <dd>{detail.emailAddress}</dd>
          <dt>Name</dt>
          <dd>{detail.displayName}</dd>
          <dt>Phone</dt>
          <dd>{detail.phoneNumber}</dd>
          <dt>Country</dt>
          <dd>{detail.countryCode}</dd>
          <dt>Role</dt>
          <dd>{detail.role}</dd>
          <dt>Account</dt>
          <dd>{detail.suspendedAt ? `Suspended since ${formatTime(detail.suspendedAt)}` : 'Active'}</dd>
          <dt>Signed up</dt>
          <dd>{formatTime(detail.createdAt)}</dd>
        </Facts>
        {admin &&
          (detail.suspended ? (
            <ReasonAction label="Restore account" pendingLabel="Restoring…" act={(reason) => api.admin.accountAction(detail.id, 'restore', reason)} onDone={reload} />
          ) : (
            <ReasonAction label="Suspend account" pendingLabel="Suspending…" act={(reason) => api.admin.accountAction(detail.id, 'suspend', reason)} onDone={reload} />
          ))}
        {admin && <RoleForm key={detail.role} detail={detail} onDone={reload} />}
      </Paper>

      <Paper aria-labelledby="driver-credit">
        <h2 id="driver-credit">Credit: {money(detail.credit)}</h2>
        {admin && <CreditForm userId={detail.id} currencySymbol={detail.currencySymbol} onDone={reload} />}
        <TableScroll>
          <table aria-label="Ledger">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Kind</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {detail.ledger.map((entry) => (
                <tr key={entry.key}>
                  <td>{formatTime(entry.createdAt)}</td>
                  <td>{entry.kind}</td>
                  <td className="money">{money(entry.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Paper>

      <Paper aria-labelledby="driver-orders">
        <h2 id="driver-orders">Orders and payments</h2>
        <Orders detail={detail} admin={admin} onDone={reload} />
        <Facts>
          <dt>Trial</dt>
          <dd>{detail.trialEndsAt ? `until ${formatTime(detail.trialEndsAt)}` : 'not started'}</dd>
          <dt>Membership</dt>
          <dd>{detail.membershipEndsAt ? `until ${formatTime(detail.membershipEndsAt)}` : 'none'}</dd>
        </Facts>
      </Paper>

      <Paper aria-labelledby="driver-search">
        <h2 id="driver-search">Search</h2>
        <Facts>
          <dt>State</dt>
          <dd>{detail.searching ? 'Searching' : 'Stopped'}</dd>
          <dt>Platform</dt>
          <dd>{search.platformAccount ? `${search.platformAccount.platformUserId} (${search.platformAccount.region})` : 'not connected'}</dd>
          <dt>Captcha</dt>
          <dd>{search.puzzleRequired ? 'waiting for the driver' : 'none'}</dd>
        </Facts>
        {detail.searching && (
          <ReasonAction label="Stop search" pendingLabel="Stopping…" act={(reason) => api.admin.accountAction(detail.id, 'stopSearch', reason)} onDone={reload} />
        )}
        {search.recentLog.length === 0 ? (
          <p>No offers logged yet.</p>
        ) : (
          <TableScroll>
            <table aria-label="Recent log">
              <thead>
                <tr>
                  <th scope="col">Seen</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Pay</th>
                </tr>
              </thead>
              <tbody>
                {search.recentLog.map((entry) => (
                  <tr key={entry._id}>
                    <td>{formatTime(entry.discoveredAt)}</td>
                    <td>{entry.action === 'BLOCK_ACCEPT' ? 'accepted' : `ignored (${entry.reason ?? '?'})`}</td>
                    <td className="money">{entry.rateInfo.priceAmount.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Paper>

      <Paper aria-labelledby="driver-more">
        <h2 id="driver-more">Invites, notifications, tickets</h2>
        <Facts>
          <dt>Invite code</dt>
          <dd>{detail.shareableCode}</dd>
          <dt>Invited by</dt>
          <dd>{detail.invitedBy ? <Link to={`/admin/users/${detail.invitedBy.id}`}>{detail.invitedBy.emailAddress}</Link> : '—'}</dd>
          <dt>Invited</dt>
          <dd>{detail.invited.length === 0 ? 'nobody' : detail.invited.map((i) => i.emailAddress).join(', ')}</dd>
          <dt>E-mail to</dt>
          <dd>{notifications.emailAddress || '—'}</dd>
          <dt>WhatsApp</dt>
          <dd>{notifications.whatsAppNumber || '—'}</dd>
          <dt>Telegram</dt>
          <dd>{notifications.telegramConnected ? 'linked' : 'not linked'}</dd>
          <dt>Promotions</dt>
          <dd>{notifications.promotionsOptedOutAt ? `opted out ${formatTime(notifications.promotionsOptedOutAt)}` : 'receives them'}</dd>
        </Facts>
        {detail.tickets.length === 0 ? (
          <p>No support messages.</p>
        ) : (
          <ul>
            {detail.tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link to={`/admin/tickets/${ticket.id}`}>
                  #{ticket.id} ({ticket.status}) {formatTime(ticket.createdAt)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Paper>
    </Sections>
  );
}

/** /admin/users/:id: everything about one driver, and the actions the operator's role allows. */
export function DriverScreen({ admin }: { admin: boolean }) {
  const { id = '' } = useParams();
  const { load, reload } = useLoad(() => api.admin.user(id), id);
  const title = load.kind === 'ready' ? load.data.emailAddress : 'Driver';
  return (
    <Page title={title} width="wide" route="/admin/users/{id}" remote="mf_admin">
      <p>
        <Link to="/admin/users">← All drivers</Link>
      </p>
      <Loaded load={load} loadingLabel="Loading the driver…" failure="The driver could not be loaded." retry={() => void reload()}>
        {(detail) => <Detail detail={detail} admin={admin} reload={reload} />}
      </Loaded>
    </Page>
  );
}
