import { createMockSession, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leavePage } from '../../leavePage';
import { mockAccountApi, plansLoaded, renderApp, sectionHeader } from '../../testing';

const slider = () => screen.getByRole('slider', { name: 'Top-up amount' });
const topUpButton = () => within(screen.getByRole('form', { name: 'Top up credit' })).getByRole('button');

describe('Credit section', () => {
  let server: MockApi;
  let assign: jest.SpyInstance;
  beforeEach(() => {
    server = mockAccountApi({ 'POST /store/createStripeOrder': { data: 'https://pay.example/checkout/abc' } });
    assign = jest.spyOn(leavePage, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => server.restore());

  const renderCredit = (overrides = {}) => renderApp('/account/credit', createMockSession({ account: mockAccount(overrides) }));

  it('after a cancelled checkout, opens the credit section saying nothing was charged', async () => {
    renderApp('/account/checkoutCancelled', createMockSession({ account: mockAccount({ credit: 1234 }) }));
    const notice = screen.getByText('Checkout cancelled').closest('[role="status"]');
    expect(notice).toHaveTextContent('Nothing was charged and your credit is unchanged.');
    expect(sectionHeader(/^Credit/)).toHaveAttribute('aria-expanded', 'true');
    await plansLoaded();
  });

  it('says nothing of a cancelled checkout otherwise', async () => {
    renderCredit();
    expect(screen.queryByText('Checkout cancelled')).not.toBeInTheDocument();
    await plansLoaded();
  });

  it("shows the balance in cents as 2 decimals with the account's currency symbol, in the header and the section", async () => {
    renderCredit({ credit: 1234, currency_symbol: '£' });
    expect(sectionHeader(/^Credit/)).toHaveAccessibleName('Credit £12.34');
    expect(screen.getByText('Your credit').nextSibling).toHaveTextContent('£12.34');
    await plansLoaded();
  });

  describe('top-up', () => {
    it('is a 1000-5000 cents slider in steps of 500, labelled 10.00 to 50.00, that starts with no amount chosen', async () => {
      renderCredit({ currency_symbol: '€' });
      expect(slider()).toHaveAttribute('min', '1000');
      expect(slider()).toHaveAttribute('max', '5000');
      expect(slider()).toHaveAttribute('step', '500');
      expect(slider()).toHaveAttribute('aria-valuetext', 'Choose an amount');
      expect(slider()).toHaveAccessibleDescription('From €10.00 to €50.00 in steps of €5.00. You pay on the next page.');
      expect(topUpButton()).toHaveTextContent('Top up');
      expect(topUpButton()).toBeDisabled();
      await plansLoaded();
    });

    it('enables the button once an amount is chosen and labels it with the amount', async () => {
      renderCredit();
      fireEvent.change(slider(), { target: { value: '2500' } });
      expect(slider()).toHaveAttribute('aria-valuetext', '$25.00');
      expect(topUpButton()).toHaveTextContent('Top up $25.00');
      expect(topUpButton()).toBeEnabled();
      fireEvent.change(slider(), { target: { value: '5000' } });
      expect(topUpButton()).toHaveTextContent('Top up $50.00');
      await plansLoaded();
    });

    it('a tap or a key on the resting knob chooses 10.00 (the native input reports no change there)', async () => {
      renderCredit();
      fireEvent.keyUp(slider(), { key: 'Tab' });
      expect(topUpButton()).toBeDisabled();
      fireEvent.keyUp(slider(), { key: 'Home' });
      expect(topUpButton()).toHaveTextContent('Top up $10.00');
      await plansLoaded();
    });

    it('a tap on the resting knob chooses it too', async () => {
      renderCredit();
      fireEvent.pointerUp(slider());
      expect(topUpButton()).toHaveTextContent('Top up $10.00');
      await plansLoaded();
    });

    it('creates a Stripe order for the chosen cents and sends the browser to the checkout URL', async () => {
      renderCredit();
      await plansLoaded();
      fireEvent.change(slider(), { target: { value: '3500' } });
      await userEvent.click(topUpButton());
      expect(server.callsTo('POST /store/createStripeOrder').map((c) => c.body)).toEqual([{ topup_amount: 3500 }]);
      expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/abc');
      // The page is leaving: the buttons stay disabled so nothing is bought twice.
      expect(topUpButton()).toHaveTextContent('Opening checkout…');
      expect(topUpButton()).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Buy Weekly' })).toBeDisabled();
    });

    it('a failed order is only logged: no navigation, and the button comes back', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      server.on('POST /store/createStripeOrder', { status: 500, body: {} });
      renderCredit();
      await plansLoaded();
      fireEvent.change(slider(), { target: { value: '1500' } });
      await userEvent.click(topUpButton());
      expect(await screen.findByRole('button', { name: 'Top up $15.00' })).toBeEnabled();
      expect(assign).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith('[account] opening the checkout (topup) failed:', 'Request failed with status 500');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('membership plans', () => {
    it('holds their place with placeholders while loading, then lists each plan with its price and days', async () => {
      let answer!: () => void;
      server.on(
        'GET /store/getMembershipPlans',
        () => new Promise((resolve) => (answer = () => resolve({ data: [{ id: 'week', name: 'Weekly', price: 1499, days: 7, description: 'Seven days free of fees.' }] }))),
      );
      renderCredit({ currency_symbol: 'A$' });
      expect(screen.getByRole('list', { name: 'Loading membership plans' })).toHaveAttribute('aria-busy', 'true');
      await waitFor(() => expect(answer).toBeDefined());
      expect(screen.getByRole('list', { name: 'Loading membership plans' })).toBeInTheDocument();
      await act(async () => answer());
      const plans = screen.getByRole('list', { name: 'Membership plans' });
      const [weekly] = within(plans).getAllByRole('listitem');
      expect(within(weekly!).getByRole('heading', { name: 'Weekly' })).toBeInTheDocument();
      expect(weekly).toHaveTextContent('A$14.99 for 7 days');
      expect(weekly).toHaveTextContent('Seven days free of fees.');
    });

    it('during a membership, each plan says it extends it and until when', async () => {
      const membershipEndsAt = new Date(2031, 2, 14, 17, 0).getTime();
      renderCredit({ membershipEndsAt });
      const weekly = (await screen.findByRole('button', { name: 'Buy Weekly' })).closest('li')!;
      // The server adds the plan's days to the running membership's end.
      expect(weekly).toHaveTextContent('Extends your membership by 7 days, until Fri, Mar 21 · 5:00 PM.');
    });

    it('without a membership, no plan speaks of extending one', async () => {
      renderCredit({ membershipEndsAt: null });
      await screen.findByRole('button', { name: 'Buy Weekly' });
      expect(screen.queryByText(/Extends your membership/)).not.toBeInTheDocument();
    });

    it('Buy opens a checkout for that plan and leaves for it', async () => {
      server.on('POST /store/createStripeOrder', { data: 'https://pay.example/checkout/plan' });
      renderCredit();
      await userEvent.click(await screen.findByRole('button', { name: 'Buy Monthly' }));
      expect(server.callsTo('POST /store/createStripeOrder').map((c) => c.body)).toEqual([{ membership_plan_id: 'month' }]);
      expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/plan');
      expect(screen.getByRole('button', { name: 'Opening checkout…' })).toBeDisabled();
    });

    it('a failed Buy is only logged and the buttons come back', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      server.on('POST /store/createStripeOrder', () => {
        throw new Error('connection reset');
      });
      renderCredit();
      await userEvent.click(await screen.findByRole('button', { name: 'Buy Weekly' }));
      expect(await screen.findByRole('button', { name: 'Buy Weekly' })).toBeEnabled();
      expect(assign).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith('[account] opening the checkout (week) failed:', expect.any(String));
    });

    it('a failure to load them is only logged and reads as none on sale', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      server.on('GET /store/getMembershipPlans', { status: 500, body: {} });
      renderCredit();
      expect(await screen.findByText('No membership plans are on sale right now.')).toBeInTheDocument();
      expect(warn).toHaveBeenCalledWith('[account] loading membership plans failed:', expect.any(String));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says so when none are on sale', async () => {
      server.on('GET /store/getMembershipPlans', { data: [] });
      renderCredit();
      expect(await screen.findByText('No membership plans are on sale right now.')).toBeInTheDocument();
    });
  });

  describe('fee status', () => {
    it('explains the 3.5% fee while neither a trial nor a membership runs', async () => {
      renderCredit();
      expect(screen.getByText(/takes 3.5% of each accepted block from your credit/)).toBeInTheDocument();
      expect(screen.queryByText('No fees on accepted blocks')).not.toBeInTheDocument();
      await plansLoaded();
    });

    it('shows when an active membership and a running trial end', async () => {
      const membershipEndsAt = new Date(2031, 2, 14, 17, 0).getTime();
      const trialEndsAt = new Date(2031, 1, 2, 9, 30).getTime();
      renderCredit({ membershipEndsAt, trialEndsAt, trialEligible: false });
      const status = screen.getByRole('status', { name: '' });
      expect(status).toHaveTextContent('No fees on accepted blocks');
      // The app's one date format (shared/src/format.ts), in the browser's time.
      expect(status).toHaveTextContent('Your membership is active until Fri, Mar 14 · 5:00 PM.');
      expect(status).toHaveTextContent('Your free trial runs until Sun, Feb 2 · 9:30 AM.');
      await plansLoaded();
    });
  });

  describe('history (docs/LIVE.md "Forfeits")', () => {
    it('lists the credit changes newest first; a forfeited block stays there with its refund', async () => {
      const start = new Date(2025, 0, 7, 10, 30).getTime() / 1000;
      const block = { startTime: start, endTime: start + 3 * 3600, serviceAreaId: 'sa-1', priceAmount: 100, forfeited: true };
      server.on('GET /user/getCreditHistory', {
        data: [
          { kind: 'refund', amountCents: 350, at: Date.now(), block },
          { kind: 'fee', amountCents: -350, at: Date.now() - 60_000, block },
          { kind: 'signup', amountCents: 1000, at: Date.now() - 120_000 },
        ],
      });
      renderApp(
        '/account/credit',
        createMockSession({ account: mockAccount({ currency_symbol: '$' }), serviceAreas: [{ id: 'sa-1', shortName: 'DSE4', fullName: 'Seattle (DSE4) - Sodo' }] }),
      );
      const history = await screen.findByRole('list', { name: 'Credit history' });
      const lines = within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(lines).toEqual(['Refund: forfeited DSE4 block of Jan 7, 10:30 AM+$3.50', 'Fee: forfeited DSE4 block of Jan 7, 10:30 AM−$3.50', 'Sign-up bonus+$10.00']);
      await plansLoaded();
    });
  });
});
