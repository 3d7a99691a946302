import { onNotify, type CreditAdjustmentRequest } from '@blockpilot/shared';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockUserDetail, mockUserSummary, renderConsole } from '../testing';

const id = mockUserSummary().id;

const PENDING: CreditAdjustmentRequest = {
  id: 'adj-1',
  userId: id,
  amountCents: 25000,
  reason: 'Refund of a lost week',
  status: 'pending',
  requestedBy: 'first-admin@blockpilot.test',
  createdAt: Date.UTC(2025, 0, 6),
  approvedBy: null,
  approvedAt: null,
};

describe("A driver's page: ledger, money, roles, promotions and adjustments waiting for approval", () => {
  let server: MockApi;
  let stopListening = () => undefined as unknown;
  const toasts: string[] = [];
  beforeEach(() => {
    toasts.length = 0;
    stopListening = onNotify((toast) => toasts.push(toast.message));
  });
  afterEach(() => {
    stopListening();
    server.restore();
  });

  it("shows each ledger entry's reason and every amount with its currency", async () => {
    const detail = mockUserDetail({
      ledger: [
        { key: 'adjustment:1:k', kind: 'adjustment', amountCents: 500, reason: 'Goodwill after an outage', createdAt: Date.UTC(2025, 0, 4) },
        { key: 'signup:1', kind: 'signup', amountCents: 1000, reason: null, createdAt: Date.UTC(2025, 0, 2) },
      ],
    });
    server = mockApi({ [`GET /admin/users/${id}`]: { data: detail }, 'GET /admin/adjustments': { data: [] } });
    renderConsole(`/admin/users/${id}`);
    const ledger = await screen.findByRole('table', { name: 'Ledger' });
    const [, adjustment, signup] = within(ledger).getAllByRole('row');
    expect(within(adjustment!).getByText('Goodwill after an outage')).toBeInTheDocument();
    expect(within(adjustment!).getByText('$5.00')).toBeInTheDocument();
    expect(within(signup!).getByText('—')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Orders' })).getByText('$20.00')).toBeInTheDocument();
  });

  it('shows whether the driver takes promotional e-mails', async () => {
    server = mockApi({ [`GET /admin/users/${id}`]: { data: mockUserDetail() }, 'GET /admin/adjustments': { data: [] } });
    renderConsole(`/admin/users/${id}`);
    expect(await screen.findByText('Promotional e-mails')).toBeInTheDocument();
    expect(screen.getByText('Promotional e-mails').nextElementSibling).toHaveTextContent(/^on$/);
  });

  it("shows the server's refusal to demote the last admin", async () => {
    server = mockApi({
      [`GET /admin/users/${id}`]: { data: mockUserDetail({ role: 'admin' }) },
      'GET /admin/adjustments': { data: [] },
      [`POST /admin/users/${id}/role`]: { status: 409, body: { code: 'BP_ERR_LAST_ADMIN', alert: 'This is the last admin: make another account an admin first.' } },
    });
    renderConsole(`/admin/users/${id}`);
    const form = await screen.findByRole('form', { name: 'Change role' });
    await userEvent.selectOptions(within(form).getByRole('combobox'), 'user');
    await userEvent.type(within(form).getByRole('textbox'), 'Leaving the team');
    await userEvent.click(within(form).getByRole('button', { name: 'Change role' }));
    // The server's alert is a toast; the role stays as it was.
    await waitFor(() => expect(toasts).toContain('This is the last admin: make another account an admin first.'));
    expect(screen.getByText('Role', { selector: 'dt' }).nextElementSibling).toHaveTextContent('admin');
  });

  it("says an adjustment past the daily bound waits for another admin's approval, and lists it", async () => {
    let waiting: CreditAdjustmentRequest[] = [];
    server = mockApi({
      [`GET /admin/users/${id}`]: { data: mockUserDetail() },
      'GET /admin/adjustments': () => ({ data: waiting }),
      [`POST /admin/users/${id}/credit`]: () => {
        waiting = [PENDING];
        return { data: { credit: 1250, pendingAdjustment: PENDING } };
      },
    });
    renderConsole(`/admin/users/${id}`);
    const form = await screen.findByRole('form', { name: 'Adjust credit' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '250');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason (kept in the audit log)' }), 'Refund of a lost week');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust credit' }));
    expect(await within(form).findByRole('status')).toHaveTextContent("The adjustment of $250.00 passes your daily bound: it waits for another admin's approval");
    const panel = await screen.findByRole('region', { name: "Waiting for another admin's approval" });
    expect(within(panel).getByText(/^\$250\.00, asked by first-admin@blockpilot\.test on .*: Refund of a lost week$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Credit: $12.50' })).toBeInTheDocument();
  });

  it("approves another admin's adjustment with a reason, and shows the server's refusal of one's own", async () => {
    let approvals = 0;
    server = mockApi({
      [`GET /admin/users/${id}`]: () => ({ data: mockUserDetail({ credit: approvals ? 26250 : 1250 }) }),
      'GET /admin/adjustments': () => ({ data: approvals ? [] : [PENDING] }),
      'POST /admin/adjustments/adj-1/approve': ({ body }) =>
        (body as { reason: string }).reason === 'Mine'
          ? { status: 403, body: { code: 'BP_ERR_OWN_ADJUSTMENT', alert: 'You asked for this adjustment: another admin must approve it.' } }
          : (approvals++, { data: { ...PENDING, status: 'approved' } }),
    });
    renderConsole(`/admin/users/${id}`);
    const approve = await screen.findByRole('form', { name: 'Approve' });
    await userEvent.type(within(approve).getByRole('textbox'), 'Mine');
    await userEvent.click(within(approve).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toasts).toContain('You asked for this adjustment: another admin must approve it.'));
    expect(screen.getByRole('heading', { level: 2, name: 'Credit: $12.50' })).toBeInTheDocument();
    await userEvent.clear(within(approve).getByRole('textbox'));
    await userEvent.type(within(approve).getByRole('textbox'), 'Checked the order history');
    await userEvent.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Credit: $262.50' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "Waiting for another admin's approval" })).not.toBeInTheDocument();
    expect(server.callsTo('POST /admin/adjustments/adj-1/approve').map((c) => c.body)).toEqual([{ reason: 'Mine' }, { reason: 'Checked the order history' }]);
  });
});
