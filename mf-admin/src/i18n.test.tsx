/**
 * The operator console in Spanish (docs/FRONTEND.md, "Languages"): every screen speaks it, with
 * plurals, money, dates and figures in the page's language, no raw key and no English left.
 */
import type { AuditEntry, DeployToken, EngineHealth, EngineWorkers, KnowledgeBaseArticle, Promotion, Role, Ticket } from '@blockpilot/shared';
import { switchLanguage } from '@blockpilot/shared/i18n';
import { mockApi, mockLogEntry, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from './locales/en.json';
import es from './locales/es.json';
import { ENGINE_T0, mockEngineMinute, mockEngineWorker, mockSentPromotion, mockUserDetail, mockUserSummary, renderConsole } from './testing';

/** Renders a console route inside an awaited act: a screen may wait (suspend) for its Spanish texts. */
async function renderInSpanish(path: string, role: Role = 'admin') {
  let view!: ReturnType<typeof renderConsole>;
  await act(async () => {
    view = renderConsole(path, role);
  });
  return view;
}

/** Text with spaces of any kind as plain ones (Spanish clocks hold no-break spaces: "6:05 p.m."). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const textsOf = (elements: readonly Element[]) => elements.map((element) => plain(element.textContent));

/** The English messages without placeholders that Spanish words differently ("Ticket" and "WhatsApp" stay). */
const ENGLISH_ONLY = new Set(Object.entries(en).flatMap(([key, message]) => (message.includes('{') || message === es[key as keyof typeof es] ? [] : [message])));
const SAID = ['aria-label', 'title', 'placeholder'];

/**
 * Fails when the page shows or says a key of this catalog ("admin.drivers.title") or one of its
 * English messages. Each element is read on its own: the page's whole text runs words together.
 */
function expectSpanishOnly(): void {
  const elements = [...document.body.querySelectorAll('*')];
  const said = elements.flatMap((element) => SAID.map((name) => element.getAttribute(name) ?? ''));
  const texts = [document.title, ...said, ...elements.map((element) => (element.textContent ?? '').trim())];
  expect(texts.filter((text) => /(?<![\w@.])admin\.[a-zA-Z]+\.[a-zA-Z]/.test(text))).toEqual([]);
  expect(texts.filter((text) => ENGLISH_ONLY.has(text))).toEqual([]);
}

const DATE = new Date(2025, 0, 3, 18, 5).getTime();
const DATE_ES = '3 ene 2025, 6:05 p.m.';

describe('the operator console in Spanish', () => {
  let server: MockApi;
  beforeEach(async () => {
    await act(() => switchLanguage('es'));
  });
  afterEach(async () => {
    server.restore();
    await act(() => switchLanguage('en'));
  });

  it('names its sections and the drivers found, and tells support what is for admins', async () => {
    server = mockApi({ 'GET /admin/users': { data: [mockUserSummary({ credit: 123_456 })] } });
    const { unmount } = await renderInSpanish('/admin/users');
    expect(textsOf(within(screen.getByRole('navigation', { name: 'Consola de operadores' })).getAllByRole('link'))).toEqual([
      'Conductores',
      'Bandeja de soporte',
      'Base de conocimiento',
      'Salud del motor',
      'Promociones',
      'Registro de auditoría',
      'Tokens de despliegue',
      'Versiones',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Conductores' })).toBeInTheDocument();
    expect(document.title).toBe('Conductores · BlockPilot');
    expect(screen.getByRole('searchbox', { name: 'Buscar conductores' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Conductores' });
    expect(textsOf(within(table).getAllByRole('columnheader'))).toEqual(['Conductor', 'Nombre', 'Rol', 'Crédito', 'Estado', 'Cuenta de la plataforma']);
    // The credit has the language's separators: in English it reads 1234.56.
    expect(textsOf(within(table).getAllByRole('cell'))).toEqual(['zelda@example.com', 'Zelda Quickwheel', 'conductor', '$1,234.56', 'Buscando', 'amzn1.account.ZELDA42']);
    expectSpanishOnly();
    unmount();

    await renderInSpanish('/admin/audit', 'support');
    expect(screen.getByText('Solo un administrador puede leer el registro de auditoría.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Promociones' })).not.toBeInTheDocument();
    expectSpanishOnly();
  });

  it("shows a driver's page with dates, money, kinds and actions in Spanish", async () => {
    const id = mockUserSummary().id;
    const detail = mockUserDetail({
      credit: 123_456,
      createdAt: DATE,
      ledger: [{ key: 'signup:1', kind: 'signup', amountCents: 1000, reason: null, createdAt: DATE }],
      orders: [{ ...mockUserDetail().orders[0]!, createdAt: DATE }],
      trialEndsAt: new Date(2025, 1, 1, 9, 0).getTime(),
      search: { ...mockUserDetail().search, recentLog: [mockLogEntry({ _id: 'log-1', discoveredAt: DATE, rateInfo: { priceAmount: 1234.5, currency: 'USD' } })] },
      tickets: [{ id: 7, status: 'answered', fullName: 'Zelda Q', emailAddress: 'zelda@example.com', userId: id, senderVerified: true, question: '¿Por qué?', createdAt: DATE }],
    });
    server = mockApi({ [`GET /admin/users/${id}`]: { data: detail } });
    await renderInSpanish(`/admin/users/${id}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Crédito: $1,234.56' })).toBeInTheDocument();
    expect(textsOf(screen.getAllByRole('heading', { level: 2 }))).toEqual(['Perfil', 'Crédito: $1,234.56', 'Pedidos y pagos', 'Búsqueda', 'Invitaciones, notificaciones, tickets']);
    expect(screen.getByRole('link', { name: '← Todos los conductores' })).toBeInTheDocument();
    expect(plain(screen.getByText('Registro').nextElementSibling!.textContent)).toBe(DATE_ES);
    expect(textsOf(within(screen.getByRole('combobox', { name: 'Rol' })).getAllByRole('option'))).toEqual(['Conductor (user)', 'Soporte (support)', 'Administrador (admin)']);
    expect(screen.getByRole('textbox', { name: 'Motivo (cambiar el rol)' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Suspender la cuenta' })).toBeInTheDocument();

    const ledger = screen.getByRole('table', { name: 'Movimientos de crédito' });
    expect(textsOf(within(ledger).getAllByRole('cell'))).toEqual([DATE_ES, 'bono de registro', '$10.00', '—']);
    const orders = screen.getByRole('table', { name: 'Pedidos' });
    expect(textsOf(within(orders).getAllByRole('cell')).slice(0, 4)).toEqual([DATE_ES, 'Recarga', '$20.00', 'pagado']);
    expect(plain(within(orders).getByRole('button').getAttribute('aria-label'))).toBe(`Reembolsar el pedido del ${DATE_ES}`);
    expect(plain(screen.getByText('Prueba gratuita').nextElementSibling!.textContent)).toBe('hasta el 1 feb 2025, 9:00 a.m.');
    const log = screen.getByRole('table', { name: 'Registro reciente' });
    expect(textsOf(within(log).getAllByRole('cell'))).toEqual([DATE_ES, 'aceptada', '$1,234.50']);
    expect(plain(screen.getByRole('link', { name: /^#7/ }).textContent)).toBe(`#7 (respondido) ${DATE_ES}`);

    const credit = screen.getByRole('form', { name: 'Ajustar el crédito' });
    await userEvent.type(within(credit).getByRole('textbox', { name: 'Monto' }), '-2.5');
    expect(within(credit).getByText('Descuenta $2.50')).toBeInTheDocument();
    await userEvent.clear(within(credit).getByRole('textbox', { name: 'Monto' }));
    await userEvent.type(within(credit).getByRole('textbox', { name: 'Monto' }), 'diez');
    await userEvent.click(within(credit).getByRole('button', { name: 'Ajustar el crédito' }));
    expect(within(credit).getByText('Ingresa un monto como 5.00 para sumar o -2.50 para descontar (en $).')).toBeInTheDocument();
    expectSpanishOnly();
  });

  it('speaks Spanish in the support inbox and on a ticket', async () => {
    const ticket: Ticket = {
      id: 7,
      status: 'open',
      fullName: 'Zelda Q',
      emailAddress: 'zelda@example.com',
      userId: null,
      senderVerified: false,
      question: '¿Por qué no se aceptó mi bloque?',
      createdAt: DATE,
      phoneNumber: '+1 555 555 0199',
      replies: [],
    };
    server = mockApi({ 'GET /admin/tickets': { data: [ticket] }, 'GET /admin/tickets/7': { data: ticket } });
    const { unmount } = await renderInSpanish('/admin/tickets', 'support');
    expect(textsOf(within(screen.getByRole('combobox', { name: 'Mostrar' })).getAllByRole('option'))).toEqual(['Abiertos', 'Respondidos', 'Cerrados', 'Todos']);
    const table = await screen.findByRole('table', { name: 'Tickets' });
    expect(textsOf(within(table).getAllByRole('columnheader'))).toEqual(['Ticket', 'De', 'Pregunta', 'Estado', 'Recibido']);
    expect(textsOf(within(table).getAllByRole('cell')).slice(3)).toEqual(['abierto', DATE_ES]);
    expectSpanishOnly();
    unmount();

    await renderInSpanish('/admin/tickets/7', 'support');
    expect(await screen.findByText('Todavía no hay respuesta.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ticket #7' })).toBeInTheDocument();
    expect(plain(screen.getByText(/^De Zelda Q/).textContent)).toBe(`De Zelda Q <zelda@example.com>, +1 555 555 0199, ${DATE_ES} · sin cuenta · abierto`);
    expect(screen.getByText('Remitente no verificado')).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', {
        name: 'Tu respuesta (se envía por correo a zelda@example.com, la dirección escrita en el formulario; el correo dice que el remitente no se verificó)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar respuesta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar el ticket' })).toBeInTheDocument();
    expectSpanishOnly();
  });

  it('speaks Spanish in the audit log, and says why a load failed with a Spanish retry', async () => {
    const entry: AuditEntry = {
      id: 1,
      actorId: null,
      actorEmail: 'ops@blockpilot.test',
      action: 'credit.adjust',
      targetUserId: mockUserSummary().id,
      subject: null,
      reason: 'Cortesía',
      before: { credit: 1250 },
      after: { credit: 1750 },
      createdAt: DATE,
    };
    let fail = true;
    server = mockApi({ 'GET /admin/audit': () => (fail ? { status: 500, body: { alert: 'Algo falló de nuestro lado.' } } : { data: [entry] }) });
    await renderInSpanish('/admin/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el registro de auditoría.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const table = await screen.findByRole('table', { name: 'Entradas de auditoría' });
    expect(textsOf(within(table).getAllByRole('columnheader'))).toEqual(['Cuándo', 'Quién', 'Qué', 'Conductor', 'Motivo', 'Antes → después']);
    expect(plain(within(table).getAllByRole('cell')[0]!.textContent)).toBe(DATE_ES);
    expect(within(table).getByRole('link', { name: 'abrir' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar en el registro de auditoría' })).toBeInTheDocument();
    expectSpanishOnly();
  });

  it('speaks Spanish in the knowledge base, its editor and its delete dialog', async () => {
    const article: KnowledgeBaseArticle = { id: 1, question: '¿Cómo recargo crédito?', answer: 'Abre tu cuenta.', published: true, language: 'es', updatedAt: DATE };
    server = mockApi({ 'GET /admin/knowledgeBase': { data: [article, { ...article, id: 2, question: '¿Qué hay de nuevo?', published: false }] } });
    await renderInSpanish('/admin/knowledgeBase');
    const list = await screen.findByRole('list', { name: 'Artículos' });
    expect(within(list).getByText('Publicado')).toBeInTheDocument();
    expect(within(list).getByText('Borrador')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Subir: ¿Cómo recargo crédito?' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Editar: ¿Cómo recargo crédito?' })).toHaveTextContent('Editar');

    await userEvent.click(screen.getByRole('button', { name: 'Nuevo artículo' }));
    const editor = screen.getByRole('form', { name: 'Nuevo artículo' });
    expect(within(editor).getByRole('checkbox', { name: 'Publicado: los conductores lo ven al instante' })).toBeInTheDocument();
    expect(within(within(editor).getByRole('region', { name: 'Vista previa' })).getByRole('heading', { name: 'Pregunta' })).toBeInTheDocument();
    expect(within(editor).getByRole('button', { name: 'Guardar el artículo' })).toBeInTheDocument();
    expectSpanishOnly();

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar: ¿Cómo recargo crédito?' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar este artículo?' });
    expect(dialog).toHaveTextContent('“¿Cómo recargo crédito?” desaparece de las páginas de ayuda. El registro de auditoría conserva su texto.');
    expect(within(dialog).getByRole('button', { name: 'Conservarlo' })).toBeInTheDocument();
    expectSpanishOnly();
  });

  it('counts a promotion’s batches and unconfirmed e-mails with the plural of the number, and dates it in Spanish', async () => {
    const sent = (id: number, batches: number, unconfirmed: number) => mockSentPromotion(id, { at: DATE, recipients: 1203, batches, unconfirmed });
    const draft: Promotion = { ...sent(3, 0, 0), status: 'draft', sentAt: null, delivery: { recipients: 0, pending: 0, sent: 0, skipped: 0, failed: 0, unconfirmed: 0 } };
    server = mockApi({ 'GET /admin/promotions': { data: [sent(1, 1, 1), sent(2, 3, 2), draft] } });
    await renderInSpanish('/admin/promotions');
    const [one, several, unsent] = within(await screen.findByRole('list', { name: 'Promociones' })).getAllByRole('listitem');
    expect(plain(one!.textContent)).toContain(`De ops@blockpilot.test, ${DATE_ES} · terminó el ${DATE_ES}`);
    expect(one).toHaveTextContent('1,203 de 1,203 conductores listos, en 1 de 1 lote: 1,201 entregados, 1 se dieron de baja mientras tanto, 0 fallaron.');
    expect(one).toHaveTextContent('1 correo se estaba enviando cuando se detuvo un servidor: puede que haya salido o no, y nunca se vuelve a enviar.');
    expect(several).toHaveTextContent('1,203 de 1,203 conductores listos, en 3 de 3 lotes:');
    expect(several).toHaveTextContent('2 correos se estaban enviando cuando se detuvo un servidor: puede que hayan salido o no, y nunca se vuelven a enviar.');
    expect(within(one!).getByText('Enviada')).toBeInTheDocument();
    expect(within(one!).getByRole('progressbar', { name: 'Progreso del envío' })).toBeInTheDocument();

    const compose = screen.getByRole('form', { name: 'Nueva promoción' });
    expect(within(compose).getByRole('heading', { name: 'Vista previa: Asunto' })).toBeInTheDocument();
    await userEvent.click(within(unsent!).getByRole('button', { name: 'Enviar a los conductores' }));
    const dialog = screen.getByRole('dialog', { name: '¿Enviar esta promoción?' });
    expect(within(dialog).getByRole('button', { name: 'Enviar ahora' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expectSpanishOnly();
  });

  it('speaks Spanish on the deploy tokens, the token just minted and the revoke dialog', async () => {
    const token: DeployToken = {
      id: '22222222-2222-4222-8222-222222222222',
      label: 'CI del panel',
      remote: 'mf_dashboard',
      createdBy: 'admin:ops@blockpilot.test',
      createdAt: DATE,
      revokedAt: null,
    };
    server = mockApi({ 'GET /admin/deployTokens': { data: [token] }, 'POST /admin/deployTokens': { data: { ...token, token: 'bprt_secret' } } });
    await renderInSpanish('/admin/deployTokens');
    const list = await screen.findByRole('list', { name: 'Tokens de despliegue' });
    expect(plain(list.textContent)).toContain(`mf_dashboard · creado por admin:ops@blockpilot.test, ${DATE_ES}`);
    expect(within(list).getByText('Activo')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Crear un token de despliegue' });
    expect(within(form).getByRole('textbox', { name: 'Etiqueta' })).toHaveAccessibleDescription('Qué equipo o CI lo usa, p. ej., “CI del equipo del panel”.');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Etiqueta' }), 'CI del panel');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Remoto' }), 'mf_dashboard');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear el token' }));
    const minted = await screen.findByRole('region', { name: 'Nuevo token para mf_dashboard' });
    expect(within(minted).getByRole('textbox', { name: 'Token de despliegue “CI del panel”' })).toHaveValue('bprt_secret');
    expect(within(minted).getByRole('button', { name: 'Copiar el token' })).toBeInTheDocument();
    expectSpanishOnly();

    await userEvent.click(within(list).getByRole('button', { name: 'Revocar CI del panel' }));
    const dialog = screen.getByRole('dialog', { name: '¿Revocar este token?' });
    expect(dialog).toHaveTextContent('“CI del panel” deja de funcionar al instante: el CI de mf_dashboard ya no puede publicar ni mover versiones con él.');
    expect(within(dialog).getByRole('textbox', { name: 'Motivo (revocar el token)' })).toBeInTheDocument();
    expectSpanishOnly();
  });

  it('describes the engine in Spanish, one puzzle and several accepts alike, with its workers', async () => {
    const health: EngineHealth = {
      countedBy: ['api1'],
      now: { searching: 4, waitingOnPuzzle: 1, pausedForCredit: 2 },
      minutes: [
        mockEngineMinute(0, { offersSeen: 1200, accepted: 1, raceP99Ms: 1.25, searching: 3 }),
        mockEngineMinute(1, { accepted: 2, puzzles: 1, errors: { transient: 3 }, searching: 4 }),
      ],
    };
    const workers: EngineWorkers = {
      scaledOut: true,
      readAt: ENGINE_T0 + 127_000,
      workers: [mockEngineWorker('w1')],
      leases: { held: 14, unknownHolder: 2, released: 1 },
      queues: [{ name: 'search', waiting: 2, active: 12, delayed: 0 }],
    };
    server = mockApi({ 'GET /admin/engineHealth': { data: health }, 'GET /admin/engineHealth/workers': { data: workers } });
    await renderInSpanish('/admin/engineHealth', 'support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Salud del motor' })).toBeInTheDocument();
    await screen.findByRole('img', { name: /^Aceptaciones por minuto/ });
    expect(textsOf(within(screen.getByRole('combobox', { name: 'Periodo' })).getAllByRole('option'))).toEqual(['Última hora', 'Últimas 6 horas', 'Últimas 24 horas']);
    expect(screen.getByText('En pausa por crédito', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
    // Plurals: one puzzle, several accepts; figures with the language's separators.
    expect(screen.getByRole('img', { name: 'Verificaciones por minuto: 1 verificación en este periodo, como máximo 1 en un minuto.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Aceptaciones por minuto: 3 aceptaciones en este periodo, como máximo 2 en un minuto.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ofertas vistas por minuto: 1,200 ofertas en este periodo, como máximo 1,200 en un minuto.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Conductores buscando y en pausa: Conductores buscando: Ahora 4 conductores, como máximo 4 en este periodo\. / })).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Latencia de la carrera: De la respuesta de ofertas al envío de la aceptación, percentil 99: Ahora 1.25 ms, como máximo 1.25 en este periodo.',
      }),
    ).toBeInTheDocument();
    expect(textsOf(within(screen.getByRole('list', { name: 'Latencia de la carrera: líneas' })).getAllByRole('listitem'))).toEqual(['mediana', 'percentil 95', 'percentil 99']);
    expect(screen.getByText('Fallos por tipo: transient 3.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Salud del motor por hora', hidden: true });
    const [first] = within(table).getAllByRole('row', { hidden: true }).slice(1);
    expect(plain(within(first!).getByRole('rowheader', { hidden: true }).textContent)).toBe('10:00 a.m.–10:01 a.m.');
    expect(textsOf(within(first!).getAllByRole('cell', { hidden: true }))).toEqual(['3', '1,200', '1', '0', '0', '0', '1.25 ms']);

    const section = screen.getByRole('region', { name: 'Workers y colas' });
    expect(plain((await within(section).findByText(/worker en marcha/)).textContent)).toBe('Leído a las 10:02:07 a.m.: 1 worker en marcha.');
    const running = within(within(section).getByRole('table', { name: 'Workers de búsqueda' })).getAllByRole('row')[1]!;
    expect(textsOf(within(running).getAllByRole('cell')).slice(0, 2)).toEqual(['En marcha', '12 de 3,000']);
    expect(within(section).getByText(/^Arrendamientos en Redis: 14 tomados, 2 de ellos/)).toBeInTheDocument();
    expect(within(within(section).getByRole('table', { name: 'Colas de trabajos' })).getByRole('rowheader')).toHaveTextContent('Búsquedas (un trabajo por conductor que busca)');
    expectSpanishOnly();
  });
});

describe('the operator console in English', () => {
  let server: MockApi;
  afterEach(() => server.restore());

  it('counts one batch and one unconfirmed e-mail in the singular, and dates in English', async () => {
    const promotion = mockSentPromotion(1, { at: DATE, recipients: 3, batches: 1, unconfirmed: 1 });
    server = mockApi({ 'GET /admin/promotions': { data: [promotion] } });
    renderConsole('/admin/promotions');
    const item = within(await screen.findByRole('list', { name: 'Promotions' })).getByRole('listitem');
    expect(item).toHaveTextContent('3 of 3 drivers done, in 1 of 1 batch: 1 delivered, 1 opted out meanwhile, 0 failed.');
    expect(item).toHaveTextContent('1 e-mail was being sent when a server stopped: it may or may not have gone, and is never sent again.');
    expect(item).toHaveTextContent('By ops@blockpilot.test, Jan 3, 2025, 6:05 PM · finished Jan 3, 2025, 6:05 PM');
  });

  it('changes to Spanish as a whole when the language changes while the console is open', async () => {
    server = mockApi({ 'GET /admin/users': { data: [] } });
    renderConsole('/admin/users');
    expect(await screen.findByText('There are no drivers yet.')).toBeInTheDocument();
    await act(() => switchLanguage('es'));
    try {
      await waitFor(() => expect(screen.getByText('Todavía no hay conductores.')).toBeInTheDocument());
      expectSpanishOnly();
    } finally {
      await act(() => switchLanguage('en'));
    }
  });
});
