import { onNotify, type Toast } from '@blockpilot/shared';
import { createMockSession, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccountApi, plansLoaded, renderApp } from '../../testing';

describe('Invite Code section', () => {
  let server: MockApi;
  let toasts: Toast[];
  let stopListening: () => void;
  beforeEach(() => {
    server = mockAccountApi();
    toasts = [];
    stopListening = onNotify((toast) => toasts.push(toast));
  });
  afterEach(() => {
    stopListening();
    server.restore();
    jest.useRealTimers();
  });

  const renderInvite = (overrides = {}) => renderApp('/account/inviteCode', createMockSession({ account: mockAccount({ shareableCode: 'DANA1234', ...overrides }) }));
  const linkField = () => screen.getByRole('textbox', { name: 'Your invite link' });

  /** user-event puts its own clipboard on `navigator`; replace it after setup with one that answers as told. */
  function useClipboard(writeText: (text: string) => Promise<void>) {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn(writeText) }, configurable: true });
    return navigator.clipboard.writeText as jest.Mock;
  }

  it('shows the shareable invite link of this site and explains the reward', async () => {
    renderInvite({ currency_symbol: '£' });
    expect(linkField()).toHaveValue('http://localhost/invite/DANA1234');
    expect(linkField()).toHaveAttribute('readonly');
    expect(screen.getByText(/deposits at least £10.00, you get £10.00 credit/)).toBeInTheDocument();
    await plansLoaded();
  });

  it('Copy puts the link on the clipboard, toasts for 5 s and says Copied as long', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const writeText = useClipboard(async () => undefined);
    renderInvite();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://localhost/invite/DANA1234');
    expect(toasts.map(({ message, severity }) => ({ message, severity }))).toEqual([{ message: 'Invite link copied', severity: 'success' }]);
    await act(async () => jest.advanceTimersByTime(4_900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(100));
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    await act(async () => jest.runOnlyPendingTimersAsync());
  });

  it("where the clipboard is refused, selects the link for the phone's own copy menu and says so", async () => {
    const user = userEvent.setup();
    useClipboard(async () => {
      throw new Error('NotAllowedError');
    });
    renderInvite();
    await plansLoaded();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(linkField()).toHaveFocus();
    const field = linkField() as HTMLInputElement;
    expect(field.value.slice(field.selectionStart!, field.selectionEnd!)).toBe('http://localhost/invite/DANA1234');
    expect(toasts.map((t) => t.severity)).toEqual(['error']);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});
