import { createMockSession, mockApi, type MockApi, type MockSession } from '@blockpilot/shared/mock';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoRawKeys, inSpanish, renderApp, renderAppIn } from '../../testing';

const CHALLENGE = { challenge_url: 'https://sim.example/ap/signin?code_challenge=abc', code_verifier: 'verifier-123' };
const PASTED = 'https://sim.example/ap/maplanding?openid.oa2.authorization_code=xyz';

describe('Connect Account (/connectAccount)', () => {
  let server: MockApi;
  let open: jest.SpyInstance;
  beforeEach(() => {
    server = mockApi({
      'POST /user/connectAccount': (call) =>
        call.body && (call.body as { challenge_response?: string }).challenge_response ? { data: null } : { status: 400, body: { challenge_session: CHALLENGE } },
    });
    open = jest.spyOn(window, 'open').mockImplementation(() => null);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    server.restore();
  });

  const amazon = () => screen.getByRole('button', { name: 'Take me to Amazon' });
  const urlField = () => screen.getByRole('textbox', { name: "URL of the 'Looking for something?' page" });
  const done = () => screen.getByRole('button', { name: 'Done' });
  const connectBodies = () => server.callsTo('POST /user/connectAccount').map((c) => c.body);

  it('asks for a challenge session on opening; "Take me to Amazon" is disabled until it is loaded, then opens its URL in a new tab', async () => {
    let answer!: () => void;
    server.on('POST /user/connectAccount', () => new Promise((resolve) => (answer = () => resolve({ status: 400, body: { challenge_session: CHALLENGE } }))));
    renderApp('/connectAccount');
    // The page is a chunk of its own (src/pageChunks.ts).
    expect(await screen.findByRole('button', { name: 'Take me to Amazon' })).toBeDisabled();
    expect(done()).toBeDisabled();
    expect(screen.getByText('Preparing your sign-in link…')).toBeInTheDocument();
    await waitFor(() => expect(connectBodies()).toEqual([{}]));
    fireEvent.click(amazon());
    expect(open).not.toHaveBeenCalled();

    await act(async () => answer());
    expect(amazon()).toBeEnabled();
    await userEvent.click(amazon());
    expect(open).toHaveBeenCalledWith(CHALLENGE.challenge_url, '_blank', 'noopener');
  });

  it('sends the pasted URL with the code verifier on Done, then refreshes the session and opens /dashboard at its top', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const session: MockSession = createMockSession({ account: null });
    const { location } = renderApp('/connectAccount', session);
    await waitFor(() => expect(amazon()).toBeEnabled());
    await userEvent.type(urlField(), PASTED);
    await userEvent.click(done());
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(connectBodies()).toEqual([{}, { challenge_response: PASTED, code_verifier: CHALLENGE.code_verifier }]);
    expect(session.actions).toEqual(['refresh']);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
  });

  it('shows errors.challenge_response under the URL field and stays', async () => {
    server.on('POST /user/connectAccount', (call) =>
      (call.body as { challenge_response?: string }).challenge_response
        ? { status: 400, body: { errors: { challenge_response: 'This URL is not from the sign-in page. Copy it again.' } } }
        : { status: 400, body: { challenge_session: CHALLENGE } },
    );
    const session = createMockSession();
    const { location } = renderApp('/connectAccount', session);
    await waitFor(() => expect(amazon()).toBeEnabled());
    await userEvent.type(urlField(), 'https://example.com/wrong');
    await userEvent.click(done());
    await waitFor(() => expect(urlField()).toHaveAccessibleDescription('This URL is not from the sign-in page. Copy it again.'));
    expect(urlField()).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/connectAccount');
    expect(session.actions).toEqual([]);
  });

  it('offers to try again when no challenge session came back', async () => {
    server.on('POST /user/connectAccount', { status: 503, body: {} });
    renderApp('/connectAccount');
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The sign-in link could not be prepared');
    expect(amazon()).toBeDisabled();
    server.on('POST /user/connectAccount', { status: 400, body: { challenge_session: CHALLENGE } });
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(amazon()).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(connectBodies()).toEqual([{}, {}]);
  });

  it('explains the connection in 7 steps, with the tutorial video and a link to /help', async () => {
    renderApp('/connectAccount');
    await waitFor(() => expect(amazon()).toBeEnabled());
    expect(screen.getByRole('heading', { level: 1, name: 'Connect Account' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps).toHaveLength(7);
    expect(steps[0]).toHaveTextContent('Take me to Amazon');
    expect(steps[1]).toHaveTextContent(/e-mail address and password/);
    expect(steps.some((step) => /copy the URL/i.test(step.textContent ?? ''))).toBe(true);
    expect(steps.some((step) => /Looking for something\?/.test(step.textContent ?? ''))).toBe(true);
    expect(steps.some((step) => /paste it in the URL field/.test(step.textContent ?? ''))).toBe(true);
    expect(steps[6]).toHaveTextContent(/Press Done/);
    expect(screen.getByLabelText('Tutorial: connecting your Amazon Flex account').tagName).toBe('VIDEO');
    expect(screen.getByRole('link', { name: /Send us a message/ })).toHaveAttribute('href', '/help');
  });

  describe('in Spanish (docs/FRONTEND.md, "Languages")', () => {
    inSpanish();

    it('explains the connection in Spanish, with Spanish captions turned on over the English ones of the video', async () => {
      await renderAppIn('/connectAccount');
      const llevame = await screen.findByRole('button', { name: 'Llévame a Amazon' });
      await waitFor(() => expect(llevame).toBeEnabled());
      expect(screen.getByRole('heading', { level: 1, name: 'Conectar cuenta' })).toBeInTheDocument();
      expect(document.title).toBe('Conectar cuenta · BlockPilot');
      const steps = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(steps).toHaveLength(7);
      expect(steps[0]).toHaveTextContent('Pulsa "Llévame a Amazon" abajo.');
      // The platform's own page keeps its English name: it is what the driver sees there.
      expect(steps[3]).toHaveTextContent('Llegas a una página que dice "Looking for something?".');
      expect(steps[6]).toHaveTextContent('Pulsa Listo.');
      expect(screen.getByRole('textbox', { name: "URL de la página 'Looking for something?'" })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Listo' })).toBeEnabled();
      expect(screen.getByRole('link', { name: '¿Tienes problemas? Envíanos un mensaje' })).toHaveAttribute('href', '/help');
      const video = screen.getByLabelText('Tutorial: cómo conectar tu cuenta de Amazon Flex');
      const tracks = [...video.querySelectorAll('track')].map((track) => [track.getAttribute('srclang'), track.getAttribute('label'), track.hasAttribute('default')]);
      expect(tracks).toEqual([
        ['en', 'English', false],
        ['es', 'Español', true],
      ]);
      expect(screen.queryByRole('heading', { name: 'How to connect' })).not.toBeInTheDocument();
      expectNoRawKeys();
    });
  });
});
