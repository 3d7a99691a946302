import { createMockSession, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccountApi, plansLoaded, renderApp } from '../../testing';

const ORDER = '0b7e3c52-6f1d-4c1e-9a51-3f3c2d7a9e10';
const PROCESSING = `/account/processingPurchase/${ORDER}`;

/** Lets pending requests answer and timers run, as the browser would over `ms`. */
const elapse = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

describe('Processing purchase (/account/processingPurchase/{orderStatusId})', () => {
  let server: MockApi;
  let answers: (() => object)[];
  beforeEach(() => {
    jest.useFakeTimers();
    // Each poll takes the next scripted answer; the last one repeats.
    answers = [];
    server = mockAccountApi({
      'GET /store/getOrderStatus': () => (answers.length > 1 ? answers.shift()! : answers[0]!)(),
    });
  });
  afterEach(() => {
    server.restore();
    jest.useRealTimers();
  });

  const pending = () => ({ data: null });
  const paid = () => ({ data: { orderStatusId: ORDER, kind: 'topup', amount: 2500, paidAt: 1 } });
  const polls = () => server.callsTo('GET /store/getOrderStatus');

  it('shows a processing dialog and asks for the order status at once and then every 1 s', async () => {
    answers = [pending];
    const { location } = renderApp(PROCESSING);
    expect(screen.getByRole('dialog', { name: 'Processing your purchase' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the payment to be confirmed…');
    await elapse(0);
    expect(polls()).toHaveLength(1);
    expect(polls()[0]!.params).toEqual({ orderStatusId: ORDER, time: expect.stringMatching(/^\d+$/) });
    await elapse(999);
    expect(polls()).toHaveLength(1);
    await elapse(1);
    expect(polls()).toHaveLength(2);
    await elapse(3_000);
    expect(polls()).toHaveLength(5);
    expect(location()).toBe(PROCESSING);
  });

  it('ignores failed polls and keeps polling; once paid it stops, reloads the account and shows Purchase Completed', async () => {
    answers = [
      pending,
      () => ({ status: 500, body: {} }),
      () => {
        throw new Error('connection reset');
      },
      pending,
      paid,
    ];
    const { session, location } = renderApp(PROCESSING);
    await elapse(0);
    await elapse(3_000);
    expect(polls()).toHaveLength(4);
    expect(session.actions).toEqual([]);
    expect(location()).toBe(PROCESSING);
    await elapse(1_000);
    expect(polls()).toHaveLength(5);
    expect(session.actions).toEqual(['refresh']);
    expect(location()).toBe('/account/purchaseCompleted');
    expect(screen.getByRole('dialog', { name: 'Purchase Completed' })).toBeInTheDocument();
    await elapse(5_000);
    expect(polls()).toHaveLength(5);
  });

  it('navigates only after the account has been reloaded', async () => {
    answers = [paid];
    let reloaded!: () => void;
    const session = createMockSession({ refresh: () => new Promise<void>((resolve) => (reloaded = resolve)) });
    const { location } = renderApp(PROCESSING, session);
    await elapse(0);
    expect(reloaded).toBeDefined();
    expect(location()).toBe(PROCESSING);
    // Paid is final: no more polls while the account reloads.
    await elapse(3_000);
    expect(polls()).toHaveLength(1);
    await act(async () => reloaded());
    expect(location()).toBe('/account/purchaseCompleted');
  });

  it('stops polling when the driver leaves', async () => {
    answers = [pending];
    const { unmount } = renderApp(PROCESSING);
    await elapse(2_000);
    expect(polls()).toHaveLength(3);
    unmount();
    await elapse(5_000);
    expect(polls()).toHaveLength(3);
  });

  it('a poll still on its way when the driver leaves starts no other', async () => {
    let answer!: () => void;
    server.on('GET /store/getOrderStatus', () => new Promise((resolve) => (answer = () => resolve({ data: null }))));
    const { unmount } = renderApp(PROCESSING);
    await elapse(0);
    expect(polls()).toHaveLength(1);
    unmount();
    await act(async () => answer());
    await elapse(5_000);
    expect(polls()).toHaveLength(1);
  });

  it('lets the driver go back to the credit section meanwhile, which stops polling', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    answers = [pending];
    const { location } = renderApp(PROCESSING);
    await elapse(1_000);
    await user.click(screen.getByRole('link', { name: 'Back to my account' }));
    expect(location()).toBe('/account/credit');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const count = polls().length;
    await elapse(3_000);
    expect(polls()).toHaveLength(count);
  });

  it('is blocking: Escape does not close it', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    answers = [pending];
    renderApp(PROCESSING);
    await elapse(0);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Processing your purchase' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});

describe('Purchase Completed (/account/purchaseCompleted)', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockAccountApi();
  });
  afterEach(() => server.restore());

  it("is a 'Purchase Completed' dialog with the new balance over the account page", async () => {
    renderApp('/account/purchaseCompleted', createMockSession({ account: mockAccount({ credit: 3500, currency_symbol: '$' }) }));
    const dialog = screen.getByRole('dialog', { name: 'Purchase Completed' });
    expect(dialog).toHaveTextContent('Your credit is now $35.00.');
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await plansLoaded();
  });

  it('Done goes to the credit section', async () => {
    const { location } = renderApp('/account/purchaseCompleted');
    await plansLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(location()).toBe('/account/credit');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Credit/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('Escape and the close button close it the same way', async () => {
    const first = renderApp('/account/purchaseCompleted');
    await plansLoaded();
    await userEvent.keyboard('{Escape}');
    expect(first.location()).toBe('/account/credit');
    first.unmount();

    const second = renderApp('/account/purchaseCompleted');
    await plansLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(second.location()).toBe('/account/credit');
  });
});
