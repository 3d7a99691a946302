import { createMockSession, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leavePage } from '../../leavePage';
import { AUTO_TOP_UP_OFF, mockAccountApi, plansLoaded, renderApp } from '../../testing';

const CARD = { label: 'Visa ending 4242' };
const form = () => screen.findByRole('form', { name: 'Automatic top-up' });
const renderCredit = () => renderApp('/account/credit', createMockSession({ account: mockAccount({ credit: 1200 }) }));

describe('Automatic top-up in the Credit section', () => {
  let server: MockApi;
  let assign: jest.SpyInstance;
  beforeEach(() => {
    server = mockAccountApi();
    assign = jest.spyOn(leavePage, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => server.restore());

  it('without a card: says so, offers to save one, and the card page opens', async () => {
    server.on('POST /store/autoTopUp/card', { data: '/dev/checkout/card/abc' });
    renderCredit();
    expect(await screen.findByText(/No card saved\./)).toBeInTheDocument();
    expect(within(await form()).getByRole('switch', { name: 'Top up automatically' })).not.toBeChecked();
    expect(within(await form()).getByRole('switch', { name: 'Top up automatically' })).toHaveAccessibleDescription('Save a card first.');
    await userEvent.click(screen.getByRole('button', { name: 'Save a card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dev/checkout/card/abc'));
    await plansLoaded();
  });

  it('with a card: shows it, saves the settings, and shows the last charge', async () => {
    server.on('GET /store/autoTopUp', { data: { ...AUTO_TOP_UP_OFF, card: CARD, lastCharge: { amount: 2000, status: 'paid', at: Date.UTC(2026, 0, 6, 18) } } });
    server.on('PUT /store/autoTopUp', ({ body }) => ({ data: { ...AUTO_TOP_UP_OFF, ...(body as object), card: CARD } }));
    renderCredit();
    expect(await screen.findByText(/Saved card: Visa ending 4242\./)).toHaveTextContent(/Automatic top-up is off\. Last automatic top-up: \$20\.00, paid on/);
    const settings = await form();
    await userEvent.click(within(settings).getByRole('switch', { name: 'Top up automatically' }));
    fireEvent.change(within(settings).getByRole('slider', { name: 'Amount' }), { target: { value: '2500' } });
    fireEvent.change(within(settings).getByRole('slider', { name: 'When the credit falls below' }), { target: { value: '800' } });
    await userEvent.click(within(settings).getByRole('button', { name: 'Save automatic top-up' }));
    await waitFor(() => expect(server.callsTo('PUT /store/autoTopUp')).toHaveLength(1));
    expect(server.callsTo('PUT /store/autoTopUp')[0]!.body).toEqual({ enabled: true, amount: 2500, threshold: 800 });
    expect(await screen.findByRole('switch', { name: 'Top up automatically' })).toBeChecked();
    expect(screen.getByText(/Automatic top-up is on: \$25\.00 when the credit falls below \$8\.00\./)).toBeInTheDocument();
    await plansLoaded();
  });

  it('shows each field error the server finds under its field', async () => {
    server.on('GET /store/autoTopUp', { data: { ...AUTO_TOP_UP_OFF, card: CARD } });
    server.on('PUT /store/autoTopUp', {
      status: 400,
      body: { alert: 'Please correct the highlighted fields.', errors: { amount: 'Choose 10.00 to 50.00.', threshold: 'Choose 0.00 or more.' } },
    });
    renderCredit();
    const settings = await form();
    await userEvent.click(within(settings).getByRole('button', { name: 'Save automatic top-up' }));
    expect(await within(settings).findByText('Choose 10.00 to 50.00.')).toBeInTheDocument();
    expect(within(settings).getByRole('slider', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(settings).getByRole('slider', { name: 'When the credit falls below' })).toHaveAccessibleDescription(/Choose 0.00 or more\./);
    await plansLoaded();
  });

  it('after a declined charge: says it is off, why, and that nothing was charged', async () => {
    server.on('GET /store/autoTopUp', {
      data: {
        ...AUTO_TOP_UP_OFF,
        card: { label: 'Test card (declines)' },
        lastCharge: { amount: 2000, status: 'cancelled', at: Date.UTC(2026, 0, 6, 18) },
        lastFailure: { reason: 'The card was declined.', at: Date.UTC(2026, 0, 6, 18) },
      },
    });
    renderCredit();
    const notice = (await screen.findByText('Automatic top-up is off')).closest('[role="alert"]');
    expect(notice).toHaveTextContent('The card was declined. Nothing was charged.');
    expect(screen.getByText(/Saved card:/)).toHaveTextContent('Last automatic top-up: $20.00, not charged on');
    expect(within(await form()).getByRole('switch', { name: 'Top up automatically' })).not.toBeChecked();
    await plansLoaded();
  });

  it('removes the saved card', async () => {
    server.on('GET /store/autoTopUp', { data: { ...AUTO_TOP_UP_OFF, enabled: true, card: CARD } });
    server.on('DELETE /store/autoTopUp/card', { data: AUTO_TOP_UP_OFF });
    renderCredit();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText(/No card saved\./)).toBeInTheDocument();
    expect(within(await form()).getByRole('switch', { name: 'Top up automatically' })).not.toBeChecked();
    await plansLoaded();
  });
});
