/**
 * The sign-in remote in Spanish (docs/FRONTEND.md, "Languages"): sign in, sign up (which keeps the
 * page's language on the new account) and the password reset. English is covered by each screen's
 * own tests, unchanged.
 */
import { writeStored } from '@blockpilot/shared';
import { switchLanguage } from '@blockpilot/shared/i18n';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './testing';

const ENGLISH = ['Sign in', 'Create your account', 'Reset your password', 'Choose a new password', 'E-mail address', 'Password', 'Country'];

/** No English heading or label of these screens, and no raw key ("login.title"), on the screen. */
function expectNoEnglishNorKeys() {
  for (const text of ENGLISH) {
    expect(screen.queryByRole('heading', { name: text })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(text)).not.toBeInTheDocument();
  }
  expect(document.body.textContent).not.toMatch(/\b(login|register|resetRequest|resetChange|auth)\.[a-zA-Z]/);
}

async function open(path: string) {
  let view!: ReturnType<typeof renderApp>;
  await act(async () => {
    view = renderApp(path);
  });
  return view;
}

let server: MockApi;
beforeEach(async () => {
  localStorage.clear();
  server = mockApi({ 'GET /auth/resetLinkState': { data: { usable: true } } });
  await act(() => switchLanguage('es'));
});
afterEach(async () => {
  await act(() => switchLanguage('en'));
  server.restore();
});

describe('sign-in screens in Spanish', () => {
  it('Iniciar sesión: title, fields, links and button in Spanish', async () => {
    await open('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Contraseña', { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/resetPassword');
    expect(screen.getByRole('link', { name: '¿Eres nuevo en BlockPilot? Crea una cuenta' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(document.title).toBe('Iniciar sesión · BlockPilot');
    expectNoEnglishNorKeys();
  });

  it('Crea tu cuenta: Spanish labels and countries, the bonus and invite code, and the account keeps Spanish', async () => {
    writeStored('inviteCode', 'DANA1234');
    server.on('POST /auth/register', { data: { accessToken: 'tok-new' } });
    const { location } = await open('/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Crea tu cuenta' })).toBeInTheDocument();
    expect(screen.getByText('$10 de crédito gratis al confirmar tu correo')).toBeInTheDocument();
    expect(screen.getByText('DANA1234').parentElement).toHaveTextContent('El código de invitación DANA1234 se agregará a tu cuenta.');
    const country = screen.getByRole('combobox', { name: 'País' });
    expect(
      screen
        .getAllByRole('option')
        .filter((o) => (o as HTMLOptionElement).value)
        .map((o) => o.textContent),
    ).toEqual(['Estados Unidos', 'Canadá', 'Reino Unido', 'Australia']);
    expect(screen.getByRole('link', { name: 'Términos del servicio' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacy');
    expectNoEnglishNorKeys();

    // The one rule checked on the client speaks Spanish too.
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(country).toHaveAccessibleDescription('Elige tu país');

    await userEvent.selectOptions(country, 'Canadá');
    await userEvent.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'nuevo@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Número de teléfono' }), '+14165550100');
    await userEvent.type(screen.getByLabelText('Contraseña', { selector: 'input' }), 'long enough pass');
    await userEvent.type(screen.getByLabelText('Confirma la contraseña', { selector: 'input' }), 'long enough pass');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(server.callsTo('POST /auth/register')[0]?.body).toMatchObject({ country_code: 'CA', emailAddress: 'nuevo@example.com', language: 'es' });
  }, 30_000);

  it('Restablece tu contraseña: asks and answers in Spanish', async () => {
    server.on('POST /auth/requestResetPasswordLink', { data: null });
    await open('/resetPassword');
    expect(screen.getByRole('heading', { level: 1, name: 'Restablece tu contraseña' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'alguien@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent('Revisa tu bandeja de entrada');
    expect(message).toHaveTextContent('Si hay una cuenta con alguien@example.com, el enlace para restablecer ya va en camino.');
    expect(screen.getByRole('button', { name: 'Enviar el enlace de nuevo' })).toBeEnabled();
    expectNoEnglishNorKeys();
  });

  it('Elige una nueva contraseña, and a used link says so in Spanish', async () => {
    const { unmount } = await open('/resetPassword/reset-token');
    expect(screen.getByRole('heading', { level: 1, name: 'Elige una nueva contraseña' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nueva contraseña', { selector: 'input' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar contraseña' })).toBeInTheDocument();
    expectNoEnglishNorKeys();
    unmount();

    server.on('GET /auth/resetLinkState', { data: { usable: false } });
    await open('/resetPassword/used-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ya no funciona' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/resetPassword');
  });
});
