import { api, formatCents, type AdminUserSummary } from '@blockpilot/shared';
import { Page, Paper } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import { Loaded } from '../components/Loaded';
import { TableScroll } from '../components/Table';
import { useUrlSearch } from '../components/UrlSearch';
import { useLoad } from '../useLoad';

function stateOf(user: AdminUserSummary): string {
  if (user.suspended) return 'Suspended';
  return user.searching ? 'Searching' : 'Idle';
}

/** /admin/users: find a driver by e-mail, name or platform account (the query stays in the URL). */
export function DriversScreen() {
  const { query: q, form: searchForm } = useUrlSearch('Search drivers');
  const { load, reload } = useLoad(() => api.admin.users(q), q);

  return (
    <Page title="Drivers" intro="Search by e-mail, name or platform account id." width="wide" route="/admin/users" remote="mf_admin">
      <Paper>
        {searchForm}
        <Loaded
          load={load}
          loadingLabel="Loading drivers…"
          failure="The drivers could not be loaded."
          retry={() => void reload()}
          empty={(users) => (users.length === 0 ? (q ? `No driver matches “${q}”.` : 'There are no drivers yet.') : null)}
        >
          {(users) => (
            <TableScroll>
              <table aria-label="Drivers">
                <thead>
                  <tr>
                    <th scope="col">Driver</th>
                    <th scope="col">Name</th>
                    <th scope="col">Role</th>
                    <th scope="col">Credit</th>
                    <th scope="col">State</th>
                    <th scope="col">Platform account</th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((user) => (
                    <tr key={user.id}>
                      <td>
                        <Link to={`/admin/users/${user.id}`}>{user.emailAddress}</Link>
                      </td>
                      <td>{user.displayName}</td>
                      <td>{user.role}</td>
                      <td className="money">{formatCents('', user.credit)}</td>
                      <td>{stateOf(user)}</td>
                      <td>{user.platformUserId ?? '—'}</td>
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
