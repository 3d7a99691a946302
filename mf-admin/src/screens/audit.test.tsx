import type { AuditEntry } from '@blockpilot/shared';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../testing';

const CREDIT: AuditEntry = {
  id: 3,
  actorId: 'u-admin',
  actorEmail: 'admin@blockpilot.test',
  action: 'user.credit',
  targetUserId: 'u-ana',
  subject: null,
  reason: 'Goodwill after an outage',
  before: { credit: 100 },
  after: { credit: 600, amountCents: 500 },
  currencySymbol: '$',
  createdAt: Date.UTC(2025, 0, 5),
};

describe('Audit log (/admin/audit)', () => {
  let server: MockApi;
  afterEach(() => server.restore());

  it('shows only the changed fields, money with its currency, instead of raw JSON', async () => {
    server = mockApi({
      'GET /admin/audit': { data: [CREDIT, { ...CREDIT, id: 2, action: 'user.role', before: { role: 'user' }, after: { role: 'support' }, currencySymbol: null }] },
    });
    renderConsole('/admin/audit', 'admin');
    const rows = within(await screen.findByRole('table', { name: 'Audit entries' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('credit: $1.00 → $6.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('amountCents: — → $5.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('role: user → support')).toBeInTheDocument();
    expect(screen.queryByText(/\{"credit"/)).not.toBeInTheDocument();
  });

  it("says the search matches the driver's e-mail and words of the reason, and sends it to the server", async () => {
    server = mockApi({ 'GET /admin/audit': ({ params }) => ({ data: params?.q ? [CREDIT] : [] }) });
    renderConsole('/admin/audit', 'admin');
    const box = await screen.findByRole('searchbox', { name: 'Search the audit log' });
    expect(box).toHaveAccessibleDescription(/the driver's e-mail and any word of the reason/);
    await userEvent.type(box, 'outage');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Goodwill after an outage')).toBeInTheDocument();
    expect(server.callsTo('GET /admin/audit').map((c) => c.params)).toEqual([{}, { q: 'outage' }]);
  });
});
