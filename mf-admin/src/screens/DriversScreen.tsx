import { type AdminUserSummary, api, formatCents, pageLinks, SUB_PAGES } from '@blockpilot/shared';
import { Page, Paper } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import { Loaded } from '../components/Loaded';
import { DataTable } from '../components/Table';
import { useUrlSearch } from '../components/UrlSearch';
import { useT, type AdminT } from '../i18n';
import { useLoad } from '../useLoad';

function stateOf(t: AdminT, user: AdminUserSummary): string {
  if (user.suspended) return t('drivers.state.suspended');
  return t(user.searching ? 'drivers.state.searching' : 'drivers.state.idle');
}

/** /admin/users: find a driver by e-mail, name or platform account (the query stays in the URL). */
export function DriversScreen() {
  const t = useT();
  const { query: q, form: searchForm } = useUrlSearch(t('drivers.search'));
  const { load, reload } = useLoad(() => api.admin.users(q), q);

  return (
    <Page title={t('drivers.title')} intro={t('drivers.intro')} width="wide" route={SUB_PAGES.admin.users} remote="mf_admin">
      <Paper>
        {searchForm}
        <Loaded
          load={load}
          loadingLabel={t('drivers.loading')}
          failure={t('drivers.failed')}
          retry={() => void reload()}
          empty={(users) => (users.length === 0 ? (q ? t('drivers.noMatch', { query: q }) : t('drivers.none')) : null)}
        >
          {(users) => (
            <DataTable
              label={t('drivers.table')}
              of="drivers.column"
              rows={users}
              rowKey={(user) => user.id}
              columns={[
                { name: 'driver', cell: (user) => <Link to={pageLinks.adminUser(user.id)}>{user.emailAddress}</Link> },
                { name: 'name', cell: (user) => user.displayName },
                { name: 'role', cell: (user) => t('roles.name', { role: user.role }) },
                { name: 'credit', kind: 'money', cell: (user) => formatCents(user.currencySymbol, user.credit) },
                { name: 'state', cell: (user) => stateOf(t, user) },
                { name: 'platformAccount', cell: (user) => user.platformUserId ?? '—' },
              ]}
            />
          )}
        </Loaded>
      </Paper>
    </Page>
  );
}
