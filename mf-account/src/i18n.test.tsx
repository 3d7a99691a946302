/**
 * The account remote in Spanish (docs/FRONTEND.md, "Languages"): every screen speaks it, with
 * plurals, money and dates in the page's language, no raw key and no English left; and the
 * account's own language switch changes the page and saves the choice on the account.
 */
import { setAccessToken } from '@blockpilot/shared';
import { switchLanguage } from '@blockpilot/shared/i18n';
import { createMockSession, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccountApi, PLANS, renderApp, sectionHeader } from './testing';

/** Renders a route once the Spanish catalogs are in: a screen that suspends is awaited inside act. */
async function renderInSpanish(path: string, account = mockAccount()) {
  await act(() => switchLanguage('es'));
  let view!: ReturnType<typeof renderApp>;
  await act(async () => {
    view = renderApp(path, createMockSession({ account, serviceAreas: [{ id: 'sa-1', shortName: 'DSE4', fullName: 'Seattle (DSE4) - Sodo' }] }));
  });
  await screen.findByRole('list', { name: 'Planes de membresía', hidden: true });
  return view;
}

/** Nothing on the page is a key of the catalog ("account.credit.fee") or left in English. */
function expectNoRawKeyNorEnglish(english: string[]) {
  expect(document.body.textContent).not.toMatch(/\b(account|shared)\.[a-z]+\.[a-zA-Z]/);
  for (const text of english) expect(screen.queryByText(text)).not.toBeInTheDocument();
}

const BOT = { handle: '@BlockPilotBot', url: 'https://t.me/BlockPilotBot' };

describe('the account page in Spanish', () => {
  let server: MockApi;
  beforeEach(() => {
    // The page asks for the public configuration once: every test here knows the Telegram bot.
    server = mockAccountApi({ 'GET /publicConfig': { data: { supportEmail: 'help@example.test', telegramBot: BOT } } });
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
    server.restore();
  });

  it('names every section, the balance, the plans with their plural days and the dates in Spanish', async () => {
    const start = new Date(2025, 0, 7, 10, 30).getTime() / 1000;
    server.on('GET /store/getMembershipPlans', { data: [{ id: 'day', name: 'Diario', price: 299, days: 1 }, PLANS[1]] });
    server.on('GET /user/getCreditHistory', {
      data: [
        { kind: 'refund', amountCents: 350, at: Date.now(), block: { startTime: start, endTime: start + 3 * 3600, serviceAreaId: 'sa-1', priceAmount: 100, forfeited: true } },
        { kind: 'signup', amountCents: 1000, at: Date.now() - 60_000 },
      ],
    });
    const membershipEndsAt = new Date(2031, 2, 14, 17, 0).getTime();
    await renderInSpanish('/account/credit', mockAccount({ credit: 1234, membershipEndsAt }));

    expect(screen.getByRole('heading', { level: 1, name: 'Cuenta' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Prueba gratuita de 2 días',
      'Crédito$12.34',
      'Código de invitación',
      'Preferencias de notificación',
      'Tu nombreDana Driver',
      'IdiomaEspañol',
      'Contraseña',
    ]);
    expect(screen.getByRole('button', { name: 'Iniciar prueba' })).toBeVisible();
    expect(screen.getByText('Tu crédito').nextSibling).toHaveTextContent('$12.34');
    expect(screen.getByText(/^Tu membresía está activa hasta el vie, 14 mar · 5:00\sp\.m\.\.$/)).toBeInTheDocument();

    // Plurals: one day, and many.
    const [daily, monthly] = within(screen.getByRole('list', { name: 'Planes de membresía' })).getAllByRole('listitem');
    expect(daily).toHaveTextContent('$2.99 por 1 día');
    expect(daily).toHaveTextContent('Sin comisión por bloques aceptados durante 1 día.');
    expect(daily).toHaveTextContent(/Extiende tu membresía 1 día, hasta el sáb, 15 mar/);
    expect(monthly).toHaveTextContent('$49.99 por 30 días');
    expect(within(monthly!).getByRole('button', { name: 'Comprar Monthly' })).toBeEnabled();

    const slider = screen.getByRole('slider', { name: 'Monto de la recarga' });
    expect(slider).toHaveAttribute('aria-valuetext', 'Elige un monto');
    expect(slider).toHaveAccessibleDescription('De $10.00 a $50.00 en pasos de $5.00. Pagas en la página siguiente.');
    expect(within(screen.getByRole('form', { name: 'Recargar crédito' })).getByRole('button')).toHaveTextContent('Recargar');

    const history = await screen.findByRole('list', { name: 'Historial de crédito' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Reembolso: bloque DSE4 liberado del 7 ene, 10:30 a.m.+$3.50', 'Bono de registro+$10.00']);
    expect(await screen.findByText(/No hay tarjeta guardada\. La recarga automática está desactivada\./)).toBeInTheDocument();

    expectNoRawKeyNorEnglish(['Account', 'Credit', 'Invite Code', 'Password', 'Top up', 'Membership plans', 'History', 'Your credit', 'Buy Monthly']);
  });

  it('speaks Spanish in the notification preferences, with their devices and the Telegram help', async () => {
    await renderInSpanish('/account/notificationPreferences');
    expect(screen.getByRole('textbox', { name: 'Número de WhatsApp' })).toHaveAccessibleDescription('Con el código de país, p. ej., +1 555 555 0100');
    expect(screen.getByText('Telegram no conectado')).toBeInTheDocument();
    const email = screen.getByRole('group', { name: 'Correo electrónico' });
    expect(within(email).getByRole('checkbox', { name: 'Verificación (captcha) pendiente (búsqueda en pausa)' })).toBeChecked();
    expect(within(email).getByRole('button', { name: 'Enviar un correo de prueba' })).toHaveTextContent('Enviar una prueba');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    // jsdom has no push: said so, in Spanish.
    expect(await screen.findByRole('heading', { name: 'Notificaciones push' })).toBeInTheDocument();
    expect(screen.getByText(/^Este navegador no puede recibir notificaciones push\./)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Este dispositivo' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: '¿Cómo conecto Telegram?' }));
    const help = screen.getByRole('dialog', { name: 'Conectar Telegram' });
    expect(within(help).getByRole('link', { name: 'Descargar Telegram (se abre en una pestaña nueva)' })).toBeInTheDocument();
    expect(await within(help).findByRole('link', { name: 'Abrir @BlockPilotBot en Telegram' })).toHaveAttribute('href', BOT.url);
    expect(help).toHaveTextContent('En Telegram, abre @BlockPilotBot y envía /start.');
    expect(within(help).getByText('@BlockPilotBot').tagName).toBe('STRONG');
    await userEvent.click(within(help).getByRole('button', { name: 'Continuar' }));
    expectNoRawKeyNorEnglish(['Push notifications', 'This device', 'Save', 'E-mail', 'Connect Telegram']);
  });

  it('speaks Spanish in the invite, name and password sections', async () => {
    await renderInSpanish('/account/inviteCode');
    expect(screen.getByRole('textbox', { name: 'Tu enlace de invitación' })).toHaveAccessibleDescription('Código de invitación: DANA1234');
    expect(screen.getByText(/deposite al menos \$10\.00, recibes \$10\.00 de crédito\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();

    await userEvent.click(sectionHeader(/^Tu nombre/));
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription('Cómo te saluda BlockPilot');
    expect(screen.getByRole('button', { name: 'Guardar nombre' })).toBeInTheDocument();

    await userEvent.click(sectionHeader('Contraseña'));
    const password = screen.getByRole('form', { name: 'Cambiar contraseña' });
    expect(within(password).getByLabelText('Contraseña actual', { selector: 'input' })).toBeInTheDocument();
    expect(within(password).getByLabelText('Confirma la contraseña nueva', { selector: 'input' })).toBeInTheDocument();

    expectNoRawKeyNorEnglish(['Copy link', 'Save name', 'Change password', 'Current password']);
  });

  it('shows the purchase dialogs in Spanish, with the new balance', async () => {
    server.on('GET /store/getOrderStatus', { data: null });
    const processing = await renderInSpanish('/account/processingPurchase/order-7');
    expect(screen.getByRole('dialog', { name: 'Procesando tu compra' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mi cuenta' })).toBeInTheDocument();
    processing.unmount();

    await renderInSpanish('/account/purchaseCompleted', mockAccount({ credit: 3500 }));
    const dialog = screen.getByRole('dialog', { name: 'Compra completada' });
    expect(dialog).toHaveTextContent('¡Gracias! Recibimos tu pago.Tu crédito ahora es $35.00.');
    expect(within(dialog).getByText('$35.00').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Listo' })).toHaveFocus();
    expectNoRawKeyNorEnglish(['Purchase Completed', 'Done']);
  });
});

describe('the language switch on the account page', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockAccountApi({ 'POST /user/saveLanguage': { data: null } });
    // Signed in on this browser: the choice is saved on the account.
    setAccessToken('test-token');
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
    localStorage.clear();
    setAccessToken(null);
    server.restore();
  });

  it('choosing Español changes the page to Spanish and saves the language on the account', async () => {
    renderApp('/account');
    await screen.findByRole('list', { name: 'Membership plans', hidden: true });
    await userEvent.click(sectionHeader('Language English'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Español');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cuenta' })).toBeInTheDocument();
    expect(sectionHeader('Idioma Español')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(screen.getByText('Las pantallas, los correos y los mensajes de BlockPilot usan el idioma que elijas aquí.')).toBeVisible();
    await waitFor(() => expect(server.callsTo('POST /user/saveLanguage').map((call) => call.body)).toEqual([{ language: 'es' }]));
    expect(screen.queryByRole('heading', { level: 1, name: 'Account' })).not.toBeInTheDocument();
  });

  it('asks for the plans again in the new language: the server names and describes them in it', async () => {
    const planIn = (call: { headers: Record<string, unknown> }) =>
      String(call.headers['Accept-Language'] ?? call.headers['accept-language']).startsWith('es')
        ? { id: 'week', name: 'Semanal', price: 1499, days: 7, description: 'Sin comisiones durante 7 días.' }
        : { id: 'week', name: 'Weekly', price: 1499, days: 7, description: 'No fees for 7 days.' };
    server.on('GET /store/getMembershipPlans', (call) => ({ data: [planIn(call)] }));
    renderApp('/account/credit');
    expect(await screen.findByRole('button', { name: 'Buy Weekly' })).toBeInTheDocument();
    await userEvent.click(sectionHeader('Language English'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Español');

    expect(await screen.findByRole('button', { name: 'Comprar Semanal' })).toBeInTheDocument();
    expect(screen.getByText('Sin comisiones durante 7 días.')).toBeInTheDocument();
    expect(screen.queryByText(/Weekly/)).not.toBeInTheDocument();
    expect(server.callsTo('GET /store/getMembershipPlans')).toHaveLength(2);
  });
});
