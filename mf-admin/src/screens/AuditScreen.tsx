import { api } from '@blockpilot/shared';
import { Page, Paper } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { TableScroll } from '../components/Table';
import { useUrlSearch } from '../components/UrlSearch';
import { formatTime } from '../format';
import { useLoad } from '../useLoad';

const Change = styled.code`
  font-size: 0.8125rem;
  overflow-wrap: anywhere;
`;

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** /admin/audit (admins): every operator action, newest first, searchable by actor, action or subject. */
export function AuditScreen() {
  const { query: q, form: searchForm } = useUrlSearch('Search the audit log');
  const { load, reload } = useLoad(() => api.admin.audit(q ? { q } : {}), q);
  return (
    <Page title="Audit log" intro="Who did what, to whom, why, and what changed." width="wide" route="/admin/audit" remote="mf_admin">
      <Paper>
        {searchForm}
        <Loaded
          load={load}
          loadingLabel="Loading the audit log…"
          failure="The audit log could not be loaded."
          retry={() => void reload()}
          empty={(entries) => (entries.length === 0 ? 'No entries match.' : null)}
        >
          {(entries) => (
            <TableScroll>
              <table aria-label="Audit entries">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">Driver</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Before → after</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatTime(entry.createdAt)}</td>
                      <td>{entry.actorEmail}</td>
                      <td>
                        {entry.action}
                        {entry.subject ? ` (${entry.subject})` : ''}
                      </td>
                      <td>{entry.targetUserId ? <Link to={`/admin/users/${entry.targetUserId}`}>open</Link> : '—'}</td>
                      <td>{entry.reason ?? '—'}</td>
                      <td>
                        <Change>
                          {json(entry.before)} → {json(entry.after)}
                        </Change>
                      </td>
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
