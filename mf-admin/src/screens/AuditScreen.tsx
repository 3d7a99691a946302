import { api, formatLocalDateTime, pageLinks, SUB_PAGES } from '@blockpilot/shared';
import { Page, Paper } from '@blockpilot/shared/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { auditChanges, changeLine } from '../auditDiff';
import { Loaded } from '../components/Loaded';
import { DataTable } from '../components/Table';
import { useUrlSearch } from '../components/UrlSearch';
import { useT } from '../i18n';
import { useLoad } from '../useLoad';

const Changes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.8125rem;
  overflow-wrap: anywhere;
`;

/** /admin/audit (admins): every operator action, newest first, searchable by actor, action, subject, the driver's e-mail or words of the reason. */
export function AuditScreen() {
  const t = useT();
  const { query: q, form: searchForm } = useUrlSearch(t('audit.search'), t('audit.searchHint'));
  const { load, reload } = useLoad(() => api.admin.audit(q ? { q } : {}), q);
  return (
    <Page title={t('audit.title')} intro={t('audit.intro')} width="wide" route={SUB_PAGES.admin.audit} remote="mf_admin">
      <Paper>
        {searchForm}
        <Loaded
          load={load}
          loadingLabel={t('audit.loading')}
          failure={t('audit.failed')}
          retry={() => void reload()}
          empty={(entries) => (entries.length === 0 ? t('audit.none') : null)}
        >
          {(entries) => (
            <DataTable
              label={t('audit.table')}
              of="audit.column"
              rows={entries}
              rowKey={(entry) => entry.id}
              columns={[
                { name: 'when', cell: (entry) => formatLocalDateTime(entry.createdAt) },
                { name: 'who', cell: (entry) => entry.actorEmail },
                { name: 'what', cell: (entry) => (entry.subject ? `${entry.action} (${entry.subject})` : entry.action) },
                {
                  name: 'driver',
                  cell: (entry) => (entry.targetUserId ? <Link to={pageLinks.adminUser(entry.targetUserId)}>{t('audit.open')}</Link> : '—'),
                },
                { name: 'reason', cell: (entry) => entry.reason ?? '—' },
                {
                  name: 'change',
                  cell: (entry) => (
                    <Changes>
                      {auditChanges(entry.before, entry.after, entry.currencySymbol ?? '').map((change) => (
                        <li key={change.field}>{changeLine(change)}</li>
                      ))}
                    </Changes>
                  ),
                },
              ]}
            />
          )}
        </Loaded>
      </Paper>
    </Page>
  );
}
