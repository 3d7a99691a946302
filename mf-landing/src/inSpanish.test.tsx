/**
 * The landing remote in Spanish (docs/FRONTEND.md, "Languages"): the landing page, the Q&A, the
 * legal pages, the contact form, the knowledge base and the promotion opt-out. English is covered
 * by each screen's own tests, unchanged.
 */
import { switchLanguage } from '@blockpilot/shared/i18n';
import { createMockSession, mockApi, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './testing';

const ENGLISH_HEADINGS = [
  'Never miss a block again',
  'What BlockPilot does for you',
  'Questions and answers',
  'Ready for the next block?',
  'Terms of Service',
  'Privacy policy',
  'Knowledge base',
  'Contact us',
];

/** No English heading of these screens and no raw key ("landing.", "faq.cost.answer") is on the screen. */
function expectNoEnglishNorKeys() {
  for (const heading of ENGLISH_HEADINGS) expect(screen.queryByRole('heading', { name: heading })).not.toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/\b(landing|hero|features|faq|cta|footer|support|kb|optOut|legal|terms|privacy)\.[a-zA-Z]/);
}

async function open(path: string, session = createMockSession({ accessToken: null, account: null, ready: false })) {
  await act(async () => {
    renderApp(path, session);
  });
}

let server: MockApi;
beforeEach(async () => {
  server = mockApi({ 'GET /publicConfig': () => new Promise(() => undefined) });
  await act(() => switchLanguage('es'));
});
afterEach(async () => {
  await act(() => switchLanguage('en'));
  server.restore();
});

describe('the landing page in Spanish', () => {
  it('has the hero, the four features, the Q&A and the last call in Spanish, with the title of the tab', async () => {
    await open('/');
    expect(screen.getByRole('heading', { level: 1, name: 'No vuelvas a perder un bloque' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pruébalo gratis' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('$10 de crédito gratis al registrarte. Después, 3.5% por bloque aceptado, que se te devuelve si liberas el bloque.')).toBeInTheDocument();
    const features = screen.getByRole('region', { name: 'Lo que BlockPilot hace por ti' });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Filtra las ofertas', 'Míralo en tiempo real', 'Búsqueda automática', 'Recibe notificaciones']);
    expect(screen.getByRole('heading', { level: 2, name: '¿Listo para el próximo bloque?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crea tu cuenta' })).toHaveAttribute('href', '/register');
    expect(document.title).toBe('BlockPilot: búsqueda automática de bloques para repartidores');
    expectNoEnglishNorKeys();
  });

  it("writes the sample log's days, times and pay the Spanish way", async () => {
    await open('/');
    const preview = screen.getByText('Registro en vivo').parentElement!;
    expect(within(preview).getAllByText('Aceptado')).toHaveLength(2);
    expect(within(preview).getByText('Ignorado')).toBeInTheDocument();
    expect(within(preview).getByText('$112.50')).toBeInTheDocument();
    // "sáb 8:00 a.m. – 12:00 p.m." (the spaces in the clock are Intl's own).
    expect(within(preview).getAllByText(/^sáb 8:00\sa\.\s?m\. – 12:00\sp\.\s?m\.$/)).toHaveLength(1);
  });

  it('answers the questions in Spanish, with the figures and plural forms in place', async () => {
    await open('/');
    const faq = screen.getByRole('region', { name: 'Preguntas y respuestas' });
    await userEvent.click(within(faq).getByText('¿Cuánto cuesta?'));
    expect(within(faq).getByText(/pagas 3\.5% del valor de cada bloque/)).toBeVisible();
    expect(within(faq).getByText(/una prueba gratuita de 2 días/)).toBeVisible();
    await userEvent.click(within(faq).getByText('¿Y si no puedo trabajar un bloque que aceptó?'));
    expect(within(faq).getByText(/mientras falten más de 45 minutos para que empiece, o dentro de los 5 minutos después de aceptado/)).toBeVisible();
    expect(within(faq).getByRole('heading', { name: '¿Tienes otra pregunta?' })).toBeInTheDocument();
    expect(within(faq).getByRole('link', { name: 'Contáctanos' })).toHaveAttribute('href', '/askAQuestion');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('navigation', { name: 'Pie de página' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Términos del servicio' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} BlockPilot`)).toBeInTheDocument();
  });
});

describe('the other pages in Spanish', () => {
  it.each([
    ['/terms', 'Términos del servicio', 'Comisiones y crédito'],
    ['/privacy', 'Política de privacidad', 'Qué guardamos'],
  ])('%s has its title, sections and contact line in Spanish', async (path, title, section) => {
    await open(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Preguntas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'formulario de contacto' })).toHaveAttribute('href', '/askAQuestion');
    expect(document.title).toBe(`${title} · BlockPilot`);
    expectNoEnglishNorKeys();
  });

  it('the contact form asks and answers in Spanish', async () => {
    server.on('POST /help/sendQuestion', { data: null });
    await open('/askAQuestion');
    expect(screen.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nombre completo'), 'Sam');
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Número de teléfono'), '+15555550123');
    await userEvent.type(screen.getByLabelText('Tu pregunta'), '¿Hola?');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('Gracias. Te responderemos a sam@example.com lo antes posible.')).toBeInTheDocument();
    expect(screen.getByText('Mensaje enviado')).toBeInTheDocument();
    expectNoEnglishNorKeys();
  }, 30_000);

  it('the knowledge base says it is empty, and where to ask, in Spanish', async () => {
    server.on('GET /knowledgeBase/', { data: [] });
    await open('/knowledgeBase', createMockSession());
    expect(screen.getByRole('heading', { level: 1, name: 'Centro de ayuda' })).toBeInTheDocument();
    expect(await screen.findByText('Todavía no hay artículos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Haz tu propia pregunta/ })).toHaveAttribute('href', '/help');
    expectNoEnglishNorKeys();
  });

  it('the promotion opt-out unsubscribes in Spanish', async () => {
    server.on('POST /promotion/optOut', { data: null });
    await open('/promotionOptOut/user-42');
    expect(screen.getByRole('heading', { level: 1, name: 'Correos promocionales' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Darme de baja de los correos promocionales' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Gracias. Ya no recibirás correos promocionales de BlockPilot.');
    expectNoEnglishNorKeys();
  });
});
