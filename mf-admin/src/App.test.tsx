import { mockApi, routeRenderedAt, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockUserDetail, mockUserSummary, renderConsole } from './testing';

const consoleTabs = () =>
  within(screen.getByRole('navigation', { name: 'Operator console' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('mf_admin: who may use it', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockApi({ 'GET /admin/users': { data: [] }, 'GET /admin/tickets': { data: [] }, 'GET /admin/audit': { data: [] } });
  });
  afterEach(() => server.restore());

  it('shows a driver "No access" and asks the server nothing (its standalone preview has no shell)', () => {
    renderConsole('/admin/users', 'user');
    expect(screen.getByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('gives support Drivers, the inbox, the knowledge base and the engine health, and "No access" at the audit log', async () => {
    renderConsole('/admin/audit', 'support');
    expect(consoleTabs()).toEqual(['Drivers', 'Support inbox', 'Knowledge base', 'Engine health']);
    expect(screen.getByText('Only an admin may read the audit log.')).toBeInTheDocument();
    expect(server.callsTo('GET /admin/audit')).toEqual([]);
  });

  it('gives admins promotions, the audit log, deploy tokens and releases too, and sends /admin to the drivers', async () => {
    const { location, container } = renderConsole('/admin');
    expect(consoleTabs()).toEqual(['Drivers', 'Support inbox', 'Knowledge base', 'Engine health', 'Promotions', 'Audit log', 'Deploy tokens', 'Releases']);
    expect(location()).toBe('/admin/users');
    expect(routeRenderedAt(container, 'mf_admin')).toBe('/admin/users');
    expect(await screen.findByText('There are no drivers yet.')).toBeInTheDocument();
  });
});

describe('Drivers (/admin/users)', () => {
  let server: MockApi;
  afterEach(() => server.restore());

  it('shows a loading state, then the drivers found', async () => {
    let answer!: () => void;
    server = mockApi({ 'GET /admin/users': () => new Promise((resolve) => (answer = () => resolve({ data: [mockUserSummary()] }))) });
    renderConsole('/admin/users');
    expect(screen.getByRole('status')).toHaveTextContent('Loading drivers…');
    await waitFor(() => expect(server.callsTo('GET /admin/users')).toHaveLength(1));
    await act(async () => answer());
    const row = screen.getByRole('row', { name: /zelda@example.com/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['zelda@example.com', 'Zelda Quickwheel', 'user', '$12.50', 'Searching', 'amzn1.account.ZELDA42']);
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/admin/users/${mockUserSummary().id}`);
  });

  it('searches with the query in the URL, and says when nothing matches', async () => {
    server = mockApi({ 'GET /admin/users': ({ params }) => ({ data: params?.q ? [] : [mockUserSummary()] }) });
    const { location } = renderConsole('/admin/users');
    await screen.findByRole('row', { name: /zelda/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search drivers' }), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No driver matches “nobody@example.com”.')).toBeInTheDocument();
    expect(server.callsTo('GET /admin/users').at(-1)!.params).toEqual({ q: 'nobody@example.com' });
    expect(location()).toBe('/admin/users');
  });

  it('says when the drivers could not be loaded, and tries again', async () => {
    server = mockApi({ 'GET /admin/users': { status: 503, body: { alert: 'Down for maintenance.' } } });
    renderConsole('/admin/users');
    expect(await screen.findByRole('alert')).toHaveTextContent('The drivers could not be loaded.');
    server.on('GET /admin/users', { data: [mockUserSummary()] });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /zelda/ })).toBeInTheDocument();
  });
});

describe("A driver's page (/admin/users/:id)", () => {
  const id = mockUserSummary().id;
  let server: MockApi;
  afterEach(() => server.restore());

  it('adjusts credit with one Idempotency-Key per adjustment, and shows the new balance', async () => {
    let credit = 1250;
    server = mockApi({
      [`GET /admin/users/${id}`]: () => ({ data: mockUserDetail({ credit }) }),
      [`POST /admin/users/${id}/credit`]: ({ body }) => {
        credit += (body as { amountCents: number }).amountCents;
        return { data: { credit }, alert: 'Credit adjusted.' };
      },
    });
    renderConsole(`/admin/users/${id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Credit: $12.50' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Adjust credit' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '5');
    expect(within(form).getByText('Adds $5.00')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason (kept in the audit log)' }), 'Goodwill');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust credit' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Credit: $17.50' })).toBeInTheDocument();
    const [sent] = server.callsTo(`POST /admin/users/${id}/credit`);
    expect(sent!.body).toEqual({ amountCents: 500, reason: 'Goodwill' });
    expect(sent!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '-2.5');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason (kept in the audit log)' }), 'Correction');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust credit' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Credit: $15.00' })).toBeInTheDocument();
    const second = server.callsTo(`POST /admin/users/${id}/credit`)[1]!;
    expect(second.body).toEqual({ amountCents: -250, reason: 'Correction' });
    expect(second.headers['Idempotency-Key']).not.toBe(sent!.headers['Idempotency-Key']);
  });

  it('keeps the key when the same adjustment is sent again after a failure, and shows the server’s field messages', async () => {
    server = mockApi({
      [`GET /admin/users/${id}`]: { data: mockUserDetail() },
      [`POST /admin/users/${id}/credit`]: { status: 409, body: { alert: 'Too much.', errors: { amountCents: 'The driver has 12.50 credit.' } } },
    });
    renderConsole(`/admin/users/${id}`);
    const form = await screen.findByRole('form', { name: 'Adjust credit' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '-20');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason (kept in the audit log)' }), 'Chargeback');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust credit' }));
    expect(await within(form).findByText('The driver has 12.50 credit.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust credit' }));
    const [first, retry] = server.callsTo(`POST /admin/users/${id}/credit`);
    expect(retry!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
  });

  it('refuses an amount that is not one before asking the server', async () => {
    server = mockApi({ [`GET /admin/users/${id}`]: { data: mockUserDetail() } });
    renderConsole(`/admin/users/${id}`);
    const form = await screen.findByRole('form', { name: 'Adjust credit' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), 'ten');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust credit' }));
    expect(within(form).getByText(/Enter an amount such as 5.00/)).toBeInTheDocument();
    expect(server.callsTo(`POST /admin/users/${id}/credit`)).toEqual([]);
  });

  it('stops a search with a reason, then shows it stopped', async () => {
    let searching = true;
    server = mockApi({
      [`GET /admin/users/${id}`]: () => ({ data: mockUserDetail({ searching }) }),
      [`POST /admin/users/${id}/stopSearch`]: () => {
        searching = false;
        return { data: null };
      },
    });
    renderConsole(`/admin/users/${id}`, 'support');
    const form = await screen.findByRole('form', { name: 'Stop search' });
    expect(screen.queryByRole('form', { name: 'Adjust credit' })).not.toBeInTheDocument(); // support moves no money
    await userEvent.type(within(form).getByRole('textbox'), 'runaway');
    await userEvent.click(within(form).getByRole('button', { name: 'Stop search' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Stop search' })).not.toBeInTheDocument());
    expect(server.callsTo(`POST /admin/users/${id}/stopSearch`)[0]!.body).toEqual({ reason: 'runaway' });
  });

  it('refunds a paid order with a reason (admins)', async () => {
    server = mockApi({ [`GET /admin/users/${id}`]: { data: mockUserDetail() }, 'POST /admin/orders/order-1/refund': { data: {} } });
    renderConsole(`/admin/users/${id}`);
    await userEvent.click(await screen.findByRole('button', { name: /^Refund the order/ }));
    const form = screen.getByRole('form', { name: 'Refund order' });
    await userEvent.type(within(form).getByRole('textbox'), 'asked within 14 days');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund order' }));
    await waitFor(() => expect(server.callsTo('POST /admin/orders/order-1/refund')).toHaveLength(1));
    expect(server.callsTo('POST /admin/orders/order-1/refund')[0]!.body).toEqual({ reason: 'asked within 14 days' });
  });

  it('says when there is no such driver', async () => {
    server = mockApi({ [`GET /admin/users/${id}`]: { status: 404, body: { alert: 'There is no such driver.' } } });
    renderConsole(`/admin/users/${id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such driver.');
  });
});
