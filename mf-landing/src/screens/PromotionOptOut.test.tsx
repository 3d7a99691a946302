import { onNotify, type Toast } from '@blockpilot/shared';
import { createMockSession, mockApi, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing';

describe('Promotion opt-out (/promotionOptOut/{userId})', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockApi();
  });
  afterEach(() => server.restore());

  const unsubscribe = () => screen.getByRole('button', { name: 'Unsubscribe from promotional e-mails' });

  it("sends the userId; the button reads 'Just a moment' and is disabled while sending; then a thank-you text", async () => {
    let answer!: () => void;
    server.on('POST /promotion/optOut', () => new Promise((resolve) => (answer = () => resolve({ data: null }))));
    renderApp('/promotionOptOut/user-42');
    await userEvent.click(unsubscribe());
    const waiting = screen.getByRole('button', { name: 'Just a moment' });
    expect(waiting).toBeDisabled();
    expect(server.callsTo('POST /promotion/optOut').map((c) => c.body)).toEqual([{ userId: 'user-42' }]);
    await act(async () => answer());
    expect(screen.getByRole('status')).toHaveTextContent('Thank you.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('on failure only logs: no message, no thank-you, and the button is back to try again', async () => {
    const toasts: Toast[] = [];
    const stop = onNotify((t) => toasts.push(t));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('POST /promotion/optOut', { status: 500, body: {} });
    renderApp('/promotionOptOut/user-42');
    await userEvent.click(unsubscribe());
    expect(await screen.findByRole('button', { name: 'Unsubscribe from promotional e-mails' })).toBeEnabled();
    expect(warn).toHaveBeenCalledWith('[promotionOptOut] failed:', expect.any(String));
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toasts).toEqual([]);
    stop();
  });

  it('says a link the server does not recognise is not valid, in place of the button', async () => {
    const reason = 'This unsubscribe link is not valid: it may have been cut short when it was copied.';
    server.on('POST /promotion/optOut', { status: 400, body: { alert: reason, errors: { userId: reason } } });
    renderApp('/promotionOptOut/cut-sh');
    await userEvent.click(unsubscribe());
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('This link does not work');
    expect(notice).toHaveTextContent(reason);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/highlighted fields/)).not.toBeInTheDocument();
  });

  it('says the e-mails are off already, with no button, for a driver who switched them off', async () => {
    server.on('POST /promotion/optOutState', { data: { promotionalEmails: false } });
    renderApp('/promotionOptOut/user-42');
    expect(await screen.findByRole('status')).toHaveTextContent('You are already unsubscribed.');
    expect(screen.getByText(/switch them on in your account/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(server.callsTo('POST /promotion/optOutState').map((c) => c.body)).toEqual([{ userId: 'user-42' }]);
    expect(server.callsTo('POST /promotion/optOut')).toEqual([]);
  });

  it('keeps the button for a driver who still takes them', async () => {
    server.on('POST /promotion/optOutState', { data: { promotionalEmails: true } });
    renderApp('/promotionOptOut/user-42');
    await waitFor(() => expect(server.callsTo('POST /promotion/optOutState')).toHaveLength(1));
    await act(async () => undefined);
    expect(unsubscribe()).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a link is not valid as the page opens when the state check refuses its key', async () => {
    const reason = 'This unsubscribe link is not valid: it may have been cut short when it was copied.';
    server.on('POST /promotion/optOutState', { status: 400, body: { alert: reason, errors: { userId: reason } } });
    renderApp('/promotionOptOut/cut-sh');
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('works for a signed-in driver too', async () => {
    server.on('POST /promotion/optOut', { data: null });
    renderApp('/promotionOptOut/user-42', createMockSession({ accessToken: 'signed-in' }));
    await userEvent.click(unsubscribe());
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you.');
  });
});
