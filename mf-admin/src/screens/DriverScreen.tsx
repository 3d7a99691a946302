import { type AdminUserDetail, api, formatCents, formatLocalDateTime, formatMoney, pageLinks, type Role, ROLES, routeLabel, SUB_PAGES, useForm } from '@blockpilot/shared';
import { Button, Form, FormFeedback, Page, Paper, Select, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { ReasonAction } from '../components/ReasonAction';
import { DataTable } from '../components/Table';
import { useT } from '../i18n';
import { useLoad } from '../useLoad';
import { CreditForm } from './CreditForm';
import { PendingAdjustments } from './PendingAdjustments';

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

function RoleForm({ detail, onDone }: { detail: AdminUserDetail; onDone: () => unknown }) {
  const t = useT();
  const form = useForm({
    initialValues: { role: detail.role as string, reason: '' },
    onSubmit: async ({ role, reason }, controls) => {
      await api.admin.setRole(detail.id, role as Role, reason);
      controls.reset({ role, reason: '' });
      await onDone();
    },
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label={t('driver.role.form')}>
      <Select label={t('driver.role.label')} options={ROLES.map((role) => ({ value: role, label: t('roles.option', { role }) }))} {...form.field('role')} />
      <TextField label={t('common.reason', { action: t('driver.role.submit').toLowerCase() })} {...form.field('reason')} />
      <FormFeedback form={form} />
      <SubmitButton pending={form.pending} pendingLabel={t('common.saving')} $variant="outlined">
        {t('driver.role.submit')}
      </SubmitButton>
    </Form>
  );
}

function Orders({ detail, admin, onDone }: { detail: AdminUserDetail; admin: boolean; onDone: () => unknown }) {
  const t = useT();
  const [refunding, setRefunding] = useState<string | null>(null);
  if (detail.orders.length === 0) return <p>{t('driver.orders.none')}</p>;
  return (
    <>
      <DataTable
        label={t('driver.orders.table')}
        of="driver.orders"
        rows={detail.orders}
        rowKey={(order) => order.id}
        columns={[
          { name: 'created', cell: (order) => formatLocalDateTime(order.createdAt) },
          {
            name: 'what',
            cell: (order) => (order.kind === 'topup' ? t('driver.orders.topUp') : t('driver.orders.membership', { plan: order.membershipPlanId ?? '?' })),
          },
          { name: 'amount', kind: 'money', cell: (order) => formatCents(detail.currencySymbol, order.amountCents) },
          { name: 'status', cell: (order) => t('driver.orders.statusName', { status: order.status }) },
          admin && {
            name: 'action',
            cell: (order) =>
              order.status === 'paid' && (
                <Button
                  type="button"
                  $variant="text"
                  onClick={() => setRefunding(order.id)}
                  aria-label={t('driver.orders.refundNamed', { date: formatLocalDateTime(order.createdAt) })}
                >
                  {t('driver.orders.refund')}
                </Button>
              ),
          },
        ]}
      />
      {refunding && (
        <ReasonAction
          label={t('driver.orders.refundOrder')}
          pendingLabel={t('driver.orders.refunding')}
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
  const t = useT();
  const money = (cents: number) => formatCents(detail.currencySymbol, cents);
  const { search, notifications } = detail;
  const pending = useLoad(() => (admin ? api.admin.adjustments.pending() : Promise.resolve([])), `${detail.id}:${admin}`);
  const afterCredit = async () => {
    await Promise.all([reload(), pending.reload()]);
  };
  return (
    <Sections>
      <Paper aria-labelledby="driver-profile">
        <h2 id="driver-profile">{t('driver.profile.title')}</h2>
        <Facts>
          <dt>{t('driver.profile.email')}</dt>
          <dd>{detail.emailAddress}</dd>
          <dt>{t('driver.profile.name')}</dt>
          <dd>{detail.displayName}</dd>
          <dt>{t('driver.profile.phone')}</dt>
          <dd>{detail.phoneNumber}</dd>
          <dt>{t('driver.profile.country')}</dt>
          <dd>{detail.countryCode}</dd>
          <dt>{t('driver.profile.role')}</dt>
          <dd>{t('roles.name', { role: detail.role })}</dd>
          <dt>{t('driver.profile.account')}</dt>
          <dd>{detail.suspendedAt ? t('driver.profile.suspendedSince', { date: formatLocalDateTime(detail.suspendedAt) }) : t('driver.profile.active')}</dd>
          <dt>{t('driver.profile.signedUp')}</dt>
          <dd>{formatLocalDateTime(detail.createdAt)}</dd>
        </Facts>
        {admin &&
          (detail.suspended ? (
            <ReasonAction
              label={t('driver.profile.restore')}
              pendingLabel={t('driver.profile.restoring')}
              act={(reason) => api.admin.accountAction(detail.id, 'restore', reason)}
              onDone={reload}
            />
          ) : (
            <ReasonAction
              label={t('driver.profile.suspend')}
              pendingLabel={t('driver.profile.suspending')}
              act={(reason) => api.admin.accountAction(detail.id, 'suspend', reason)}
              onDone={reload}
            />
          ))}
        {admin && <RoleForm key={detail.role} detail={detail} onDone={reload} />}
      </Paper>

      <Paper aria-labelledby="driver-credit">
        <h2 id="driver-credit">{t('driver.credit.title', { amount: money(detail.credit) })}</h2>
        {admin && <CreditForm userId={detail.id} currencySymbol={detail.currencySymbol} onDone={afterCredit} />}
        {admin && <PendingAdjustments userId={detail.id} currencySymbol={detail.currencySymbol} load={pending.load} onDone={afterCredit} />}
        <DataTable
          label={t('driver.ledger.table')}
          of="driver.ledger"
          rows={detail.ledger}
          rowKey={(entry) => entry.key}
          columns={[
            { name: 'when', cell: (entry) => formatLocalDateTime(entry.createdAt) },
            { name: 'kind', cell: (entry) => t('driver.ledger.kindName', { kind: entry.kind }) },
            { name: 'amount', kind: 'money', cell: (entry) => money(entry.amountCents) },
            { name: 'reason', cell: (entry) => entry.reason ?? '—' },
          ]}
        />
      </Paper>

      <Paper aria-labelledby="driver-orders">
        <h2 id="driver-orders">{t('driver.orders.title')}</h2>
        <Orders detail={detail} admin={admin} onDone={reload} />
        <Facts>
          <dt>{t('driver.orders.trial')}</dt>
          <dd>{detail.trialEndsAt ? t('driver.orders.until', { date: formatLocalDateTime(detail.trialEndsAt) }) : t('driver.orders.trialNotStarted')}</dd>
          <dt>{t('driver.orders.membershipLabel')}</dt>
          <dd>{detail.membershipEndsAt ? t('driver.orders.until', { date: formatLocalDateTime(detail.membershipEndsAt) }) : t('driver.orders.noMembership')}</dd>
        </Facts>
      </Paper>

      <Paper aria-labelledby="driver-search">
        <h2 id="driver-search">{t('driver.search.title')}</h2>
        <Facts>
          <dt>{t('driver.search.state')}</dt>
          <dd>{t(detail.searching ? 'driver.search.searching' : 'driver.search.stopped')}</dd>
          <dt>{t('driver.search.platform')}</dt>
          <dd>{search.platformAccount ? `${search.platformAccount.platformUserId} (${search.platformAccount.region})` : t('driver.search.notConnected')}</dd>
          <dt>{t('driver.search.captcha')}</dt>
          <dd>{t(search.puzzleRequired ? 'driver.search.captchaWaiting' : 'driver.search.captchaNone')}</dd>
        </Facts>
        {detail.searching && (
          <ReasonAction
            label={t('driver.search.stop')}
            pendingLabel={t('driver.search.stopping')}
            act={(reason) => api.admin.accountAction(detail.id, 'stopSearch', reason)}
            onDone={reload}
          />
        )}
        {search.recentLog.length === 0 ? (
          <p>{t('driver.search.noLog')}</p>
        ) : (
          <DataTable
            label={t('driver.search.log')}
            of="driver.search"
            rows={search.recentLog}
            rowKey={(entry) => entry._id}
            columns={[
              { name: 'seen', cell: (entry) => formatLocalDateTime(entry.discoveredAt) },
              {
                name: 'outcome',
                cell: (entry) => (entry.action === 'BLOCK_ACCEPT' ? t('driver.search.accepted') : t('driver.search.ignored', { reason: entry.reason ?? '?' })),
              },
              { name: 'pay', kind: 'money', cell: (entry) => formatMoney(detail.currencySymbol, entry.rateInfo.priceAmount) },
            ]}
          />
        )}
      </Paper>

      <Paper aria-labelledby="driver-more">
        <h2 id="driver-more">{t('driver.more.title')}</h2>
        <Facts>
          <dt>{t('driver.more.inviteCode')}</dt>
          <dd>{detail.shareableCode}</dd>
          <dt>{t('driver.more.invitedBy')}</dt>
          <dd>{detail.invitedBy ? <Link to={pageLinks.adminUser(detail.invitedBy.id)}>{detail.invitedBy.emailAddress}</Link> : '—'}</dd>
          <dt>{t('driver.more.invited')}</dt>
          <dd>{detail.invited.length === 0 ? t('driver.more.nobody') : detail.invited.map((i) => i.emailAddress).join(', ')}</dd>
          <dt>{t('driver.more.emailTo')}</dt>
          <dd>{notifications.emailAddress || '—'}</dd>
          <dt>{t('driver.more.whatsApp')}</dt>
          <dd>{notifications.whatsAppNumber || '—'}</dd>
          <dt>{t('driver.more.telegram')}</dt>
          <dd>{t(notifications.telegramConnected ? 'driver.more.linked' : 'driver.more.notLinked')}</dd>
          <dt>{t('driver.more.promotions')}</dt>
          <dd>
            {notifications.promotionsOptedOutAt ? t('driver.more.optedOut', { date: formatLocalDateTime(notifications.promotionsOptedOutAt) }) : t('driver.more.receivesThem')}
          </dd>
        </Facts>
        {detail.tickets.length === 0 ? (
          <p>{t('driver.more.noTickets')}</p>
        ) : (
          <ul>
            {detail.tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link to={pageLinks.adminTicket(ticket.id)}>
                  {t('driver.more.ticket', { id: ticket.id, status: t('tickets.status', { status: ticket.status }), date: formatLocalDateTime(ticket.createdAt) })}
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
  const t = useT();
  const { id = '' } = useParams();
  const { load, reload } = useLoad(() => api.admin.user(id), id);
  const title = load.kind === 'ready' ? load.data.emailAddress : t('driver.title');
  return (
    <Page title={title} width="wide" route={routeLabel(SUB_PAGES.admin.user)} remote="mf_admin">
      <p>
        <Link to={SUB_PAGES.admin.users}>{t('driver.back')}</Link>
      </p>
      <Loaded load={load} loadingLabel={t('driver.loading')} failure={t('driver.failed')} retry={() => void reload()}>
        {(detail) => <Detail detail={detail} admin={admin} reload={reload} />}
      </Loaded>
    </Page>
  );
}
