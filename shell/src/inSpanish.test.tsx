/**
 * The shell in Spanish (docs/FRONTEND.md, "Languages"): the navigation, the states of a remote
 * that cannot load or waits for its texts, and the banners. English is covered by each part's own
 * tests, unchanged.
 */
import type { RemotesManifest } from '@blockpilot/shared';
import { formatLocalDateTime } from '@blockpilot/shared/format';
import { defineCatalog, switchLanguage } from '@blockpilot/shared/i18n';
import { createMockSession, mockAccount, mockApi, MockProviders, type MockApi } from '@blockpilot/shared/mock';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PreviewBanner } from './federation/PreviewBanner';
import { ReleasePreviewBanner } from './federation/ReleasePreviewBanner';
import { RemoteApp } from './federation/RemoteApp';
import { previewState, releasePreviewState } from './federation/remotes';
import { NavBar } from './navigation/NavBar';

jest.mock('./federation/remotes', () => ({ previewState: jest.fn(), releasePreviewState: jest.fn() }));

const ENGLISH_NAVIGATION = ['Home', 'Contact', 'Login', 'Register', 'Dashboard', 'Help', 'Account', 'Knowledge base', 'Logout', 'Skip to content'];
const mainLinks = () =>
  within(screen.getByRole('navigation', { name: 'Principal' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
/** No English text of the bar, and no raw key ("nav.home"), anywhere on the screen. */
function expectNoEnglishNorKeys() {
  for (const text of ENGLISH_NAVIGATION) expect(screen.queryByText(text)).not.toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/\b(nav|fallback|failure|search|preview)\.[a-zA-Z]/);
}

async function renderInShell(ui: React.ReactElement, session = createMockSession()) {
  await act(async () => {
    render(<MockProviders session={session}>{ui}</MockProviders>);
  });
}

let server: MockApi;
beforeEach(async () => {
  localStorage.clear();
  server = mockApi({ 'POST /user/saveLanguage': { data: null } });
  await act(() => switchLanguage('es'));
});
afterEach(async () => {
  await act(() => switchLanguage('en'));
  server.restore();
});

describe('the navigation bar in Spanish', () => {
  it('offers a visitor Inicio, Contacto, Iniciar sesión and Registrarse, and the language switch in the bar, set to Español', async () => {
    await renderInShell(<NavBar />, createMockSession({ accessToken: null, account: null }));
    expect(mainLinks()).toEqual(['BlockPilot', 'Inicio', 'Contacto', 'Iniciar sesión', 'Registrarse']);
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('button', { name: 'Menú' })).toBeInTheDocument();
    const language = within(screen.getByRole('banner')).getByRole('combobox', { name: 'Idioma' });
    expect(language).toHaveValue('es');
    expectNoEnglishNorKeys();
  });

  it('gives a signed-in driver Panel, Ayuda, Cuenta, Centro de ayuda and Cerrar sesión, in the drawer too', async () => {
    await renderInShell(<NavBar />, createMockSession({ account: mockAccount({ role: 'user' }) }));
    expect(mainLinks()).toEqual(['BlockPilot', 'Panel', 'Ayuda', 'Cuenta', 'Centro de ayuda', 'Cerrar sesión']);
    await userEvent.click(screen.getByRole('button', { name: 'Menú' }));
    expect(
      within(screen.getByTestId('nav-drawer'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Panel', 'Ayuda', 'Cuenta', 'Centro de ayuda', 'Cerrar sesión']);
    expectNoEnglishNorKeys();
  });

  it('switches the bar to English at once from its language switch, and keeps the choice on this browser', async () => {
    await renderInShell(<NavBar />, createMockSession({ accessToken: null, account: null }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'English');
    expect(await screen.findByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('"en"');
  });
});

describe('a remote in Spanish', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('names what failed and whose fault it is, with Reintentar, and keeps the Stop of the dashboard', async () => {
    const loader = jest.fn().mockRejectedValue(new Error('RUNTIME-003'));
    await renderInShell(<RemoteApp name="mf_dashboard" loader={loader} diagnose={async () => ({ kind: 'serverError', status: 503 })} />, createMockSession({ searching: true }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'No se pudo cargar tu panel' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('El servidor de BlockPilot respondió con un error (503). No es tu conexión: la falla es nuestra.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 2, name: 'Búsqueda' })).toBeInTheDocument();
    expect(screen.getByText('Sistema iniciado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Detener la búsqueda' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded|Retry/)).not.toBeInTheDocument();
    expectNoEnglishNorKeys();
  });

  it('keeps the loading line while a remote waits for its Spanish texts, then shows them, never English', async () => {
    let deliver: () => void = () => undefined;
    const { useT: useLateT } = defineCatalog('lateRemote', {
      en: { title: 'Stats' },
      es: () => new Promise((resolve) => (deliver = () => resolve({ default: { title: 'Estadísticas' } }))),
    });
    function LateRemote() {
      return <h1>{useLateT()('title')}</h1>;
    }
    await renderInShell(<RemoteApp name="mf_dashboard" loader={jest.fn().mockResolvedValue(LateRemote)} />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByText('Stats')).not.toBeInTheDocument();
    await act(async () => deliver());
    expect(await screen.findByRole('heading', { name: 'Estadísticas' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('the preview banners in Spanish', () => {
  it('say why a staging preview was refused', async () => {
    jest.mocked(previewState).mockResolvedValue({
      kind: 'refused',
      override: { remote: 'mf_auth', entry: 'https://evil.example/m.json' },
      origin: 'https://evil.example',
      reason: 'notAllowed',
    });
    await renderInShell(<PreviewBanner />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vista previa de mf_auth rechazada: https://evil.example no está en la lista de orígenes permitidos. Terminar la vista previa',
    );
  });

  it('write the end of a release preview as a Spanish date', async () => {
    const preview: RemotesManifest['releasePreview'] = { remote: 'mf_dashboard', version: '2.0.0', expiresAt: '2026-01-05T12:00:00.000Z' };
    jest.mocked(releasePreviewState).mockResolvedValue(preview);
    await renderInShell(<ReleasePreviewBanner />);
    const until = formatLocalDateTime(Date.parse(preview.expiresAt), 'es');
    expect(await screen.findByRole('status')).toHaveTextContent(`Vista previa de mf_dashboard 2.0.0 en esta pestaña, hasta el ${until}. Terminar la vista previa`);
    // Spanish writes the clock "p. m.", not "PM".
    expect(until).toMatch(/[ap]\.\s?m\./);
  });
});
