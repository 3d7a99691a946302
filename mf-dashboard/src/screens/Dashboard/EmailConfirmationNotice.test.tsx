import { createMockSession, mockAccount, mockApi, mockServiceAreas, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inSpanish, renderApp, renderAppIn } from '../../testing';

describe('the e-mail confirmation notice on /dashboard', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockApi({ 'POST /user/getLogs': { data: [] } });
  });
  afterEach(() => server.restore());

  const session = (emailVerified: boolean) =>
    createMockSession({ serviceAreas: mockServiceAreas, account: mockAccount({ emailVerified, emailAddress: 'sam@example.com', currency_symbol: '£' }) });
  /** The notice (announced as a status) whose title is `title`. */
  const notice = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role="status"]')!;
  const resendButton = () => screen.findByRole('button', { name: 'Send the link again' });

  /** Renders an unconfirmed driver's dashboard, presses resend, which the server answers `reply`. */
  async function resendAnswered(reply: Parameters<MockApi['on']>[1]) {
    server.on('POST /auth/resendVerificationEmail', reply);
    const driver = session(false);
    renderApp('/dashboard', driver);
    await userEvent.click(await resendButton());
    await waitFor(() => expect(server.callsTo('POST /auth/resendVerificationEmail')).toHaveLength(1));
    return driver;
  }
  const CONFIRM = 'Confirm your e-mail to get your £10.00 sign-up bonus';
  const INVALID = 'This confirmation link is invalid or has expired';

  it('asks an unconfirmed driver to confirm the address to get the sign-up bonus, with a resend button', async () => {
    renderApp('/dashboard', session(false));
    const box = await notice(CONFIRM);
    expect(within(box).getByText(/We sent a link to sam@example\.com/)).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Send the link again' })).toBeEnabled();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('is not there once the address is confirmed', async () => {
    renderApp('/dashboard', session(true));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(CONFIRM)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });

  it('sends the link again: the button waits for the answer, then says a new link is on its way', async () => {
    let answer!: () => void;
    const driver = await resendAnswered(() => new Promise((resolve) => (answer = () => resolve({ data: null, alert: 'We have e-mailed a new link to sam@example.com.' }))));
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(server.callsTo('POST /auth/resendVerificationEmail').map((c) => c.body)).toEqual([{}]);
    await act(async () => answer());
    expect(await screen.findByText('A new link is on its way. It may take a minute to arrive.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send the link again|Sending/ })).not.toBeInTheDocument();
    expect(driver.actions).toEqual([]);
  });

  it('a refused resend (too many) brings the button back and reloads nothing', async () => {
    const driver = await resendAnswered({ status: 429, body: { alert: 'Too many requests. Try again in 59 minutes.' } });
    expect(await resendButton()).toBeEnabled();
    expect(screen.queryByText(/on its way/)).not.toBeInTheDocument();
    expect(driver.actions).toEqual([]);
  });

  it('an address confirmed meanwhile (409) reloads the account', async () => {
    const driver = await resendAnswered({ status: 409, body: { alert: 'Your e-mail address is already confirmed.' } });
    await waitFor(() => expect(driver.actions).toEqual(['refresh']));
  });

  it('after an invalid or expired link (?emailLink=invalid) says so and offers a new link', async () => {
    renderApp('/dashboard?emailLink=invalid', session(false));
    const box = await notice(INVALID);
    expect(within(box).getByText(/Ask for a new one to sam@example\.com/)).toBeInTheDocument();
    await userEvent.click(within(box).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(server.callsTo('POST /auth/resendVerificationEmail')).toHaveLength(1));
    expect(screen.queryByText(CONFIRM)).not.toBeInTheDocument();
  });

  it('after an invalid link for an address already confirmed, says there is nothing more to do', async () => {
    renderApp('/dashboard?emailLink=invalid', session(true));
    const box = await notice(INVALID);
    expect(within(box).getByText(/already confirmed/)).toBeInTheDocument();
    expect(within(box).queryByRole('button')).not.toBeInTheDocument();
  });

  describe('in Spanish (docs/FRONTEND.md, "Languages")', () => {
    inSpanish();

    it('asks to confirm the address for the bonus, and says a new link is on its way, in Spanish', async () => {
      server.on('POST /auth/resendVerificationEmail', { data: null });
      await renderAppIn('/dashboard', session(false));
      const box = await notice('Confirma tu correo para recibir tu bono de registro de £10.00');
      expect(within(box).getByText('Enviamos un enlace a sam@example.com. Ábrelo para confirmar la dirección; el bono se suma a tu crédito al instante.')).toBeInTheDocument();
      await userEvent.click(within(box).getByRole('button', { name: 'Enviar el enlace de nuevo' }));
      expect(await within(box).findByText('Un enlace nuevo va en camino. Puede tardar un minuto en llegar.')).toBeInTheDocument();
      expect(screen.queryByText(CONFIRM)).not.toBeInTheDocument();
    });
  });
});
