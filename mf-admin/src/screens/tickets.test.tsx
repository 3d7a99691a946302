import type { Ticket } from '@blockpilot/shared';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../testing';

const TICKET: Ticket = {
  id: 7,
  status: 'open',
  fullName: 'Zelda Q',
  emailAddress: 'zelda@example.com',
  userId: null,
  senderVerified: false,
  question: 'Why was my block not accepted?',
  createdAt: Date.UTC(2025, 0, 5),
  phoneNumber: '+1 555 555 0199',
  replies: [],
};

describe('Support inbox (/admin/tickets)', () => {
  let server: MockApi;
  afterEach(() => server.restore());

  it('lists open tickets first, and says when a status has none', async () => {
    server = mockApi({ 'GET /admin/tickets': ({ params }) => ({ data: params?.status === 'open' ? [TICKET] : [] }) });
    renderConsole('/admin/tickets', 'support');
    await waitFor(() => expect(server.callsTo('GET /admin/tickets')).toHaveLength(1));
    expect(await screen.findByRole('link', { name: '#7' })).toHaveAttribute('href', '/admin/tickets/7');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'closed');
    expect(await screen.findByText('No tickets here.')).toBeInTheDocument();
    expect(server.callsTo('GET /admin/tickets').map((c) => c.params)).toEqual([{ status: 'open' }, { status: 'closed' }]);
  });

  it('says when the inbox could not be loaded', async () => {
    server = mockApi({ 'GET /admin/tickets': { status: 500, body: { alert: 'Something went wrong on our side.' } } });
    renderConsole('/admin/tickets', 'support');
    expect(await screen.findByRole('alert')).toHaveTextContent('The tickets could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends a reply and shows it on the ticket, which is then answered', async () => {
    let ticket = TICKET;
    server = mockApi({
      'GET /admin/tickets/7': () => ({ data: ticket }),
      'POST /admin/tickets/7/reply': ({ body }) => {
        ticket = {
          ...ticket,
          status: 'answered',
          replies: [{ id: 1, authorEmail: 'support@blockpilot.test', text: (body as { text: string }).text, createdAt: Date.UTC(2025, 0, 6) }],
        };
        return { data: ticket, alert: 'The reply is sent.' };
      },
    });
    renderConsole('/admin/tickets/7', 'support');
    expect(await screen.findByText('Why was my block not accepted?')).toBeInTheDocument();
    expect(screen.getByText('No reply yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Reply' });
    await userEvent.type(within(form).getByRole('textbox'), 'It started before your filter window.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('It started before your filter window.')).toBeInTheDocument();
    expect(screen.getByText(/· answered$/)).toBeInTheDocument();
    expect(server.callsTo('POST /admin/tickets/7/reply')[0]!.body).toEqual({ text: 'It started before your filter window.' });
  });

  it('marks which tickets were sent signed in and which say the sender was not verified', async () => {
    const signedIn = { ...TICKET, id: 8, fullName: 'Ana D', emailAddress: 'ana@example.com', userId: 'u-ana', senderVerified: true };
    server = mockApi({ 'GET /admin/tickets': () => ({ data: [TICKET, signedIn] }) });
    renderConsole('/admin/tickets', 'support');
    const visitorRow = (await screen.findByRole('link', { name: '#7' })).closest('tr')!;
    const driverRow = screen.getByRole('link', { name: '#8' }).closest('tr')!;
    expect(within(visitorRow).getByText('Sender not verified')).toBeInTheDocument();
    expect(within(driverRow).queryByText('Sender not verified')).not.toBeInTheDocument();
    expect(within(driverRow).getByText("Sent signed in from the driver's account")).toBeInTheDocument();
  });

  it("says on a visitor's ticket that the reply goes to the address given and says it was not verified", async () => {
    server = mockApi({ 'GET /admin/tickets/7': () => ({ data: TICKET }) });
    renderConsole('/admin/tickets/7', 'support');
    expect(await screen.findByText('Sender not verified')).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', {
        name: 'Your reply (e-mailed to zelda@example.com, the address typed in the form; the e-mail says the sender was not verified)',
      }),
    ).toBeInTheDocument();
  });

  it("links a signed-in driver's ticket to the account and says so", async () => {
    server = mockApi({ 'GET /admin/tickets/7': () => ({ data: { ...TICKET, userId: 'u-zelda', senderVerified: true } }) });
    renderConsole('/admin/tickets/7', 'support');
    expect(await screen.findByText("Sent signed in from the driver's account")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "driver's account" })).toHaveAttribute('href', '/admin/users/u-zelda');
    expect(screen.getByRole('textbox', { name: 'Your reply (e-mailed to the sender)' })).toBeInTheDocument();
    expect(screen.queryByText('Sender not verified')).not.toBeInTheDocument();
  });
});
