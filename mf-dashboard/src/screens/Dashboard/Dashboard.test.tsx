import { DEFAULT_WORK_LIMITS } from '@blockpilot/shared/api/schemas';
import { createMockSession, mockAccount, mockApi, mockSearchStatus, mockServiceAreas, type MockApi, type MockSession } from '@blockpilot/shared/mock';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setScreenWidth } from '@blockpilot/shared/mock';
import { STICKY_BAR_HEIGHT_VARIABLE } from '@blockpilot/shared';
import { DESKTOP_WIDTH, expectNoRawKeys, flush, inSpanish, PHONE_WIDTH, renderApp, renderAppIn, textsOf } from '../../testing';

describe('Dashboard (/dashboard/*)', () => {
  let server: MockApi;
  let restoreWidth: () => void;
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    localStorage.clear();
    server = mockApi({ 'POST /user/getLogs': { data: [] }, 'GET /user/workLimits': { data: DEFAULT_WORK_LIMITS } });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    restoreWidth = setScreenWidth(PHONE_WIDTH);
  });
  afterEach(() => {
    cleanup();
    restoreWidth();
    server.restore();
    jest.useRealTimers();
  });

  const session = (overrides: Parameters<typeof createMockSession>[0] = {}) => createMockSession({ serviceAreas: mockServiceAreas, ...overrides });
  // `hidden: true`: the panel of the other tab is hidden, and the tests check exactly that.
  const filters = () => screen.getByRole('region', { name: 'Your filter', hidden: true });
  const logs = () => screen.getByRole('region', { name: 'Logs', hidden: true });
  const startStop = () => screen.getByRole('button', { name: /^(Start|Stop)$/ });

  it('greets the driver by display name and shows the credit in the account currency', async () => {
    renderApp('/dashboard', session({ account: mockAccount({ display_name: 'Sam', credit: 1050, currency_symbol: '£' }) }));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Sam' })).toBeInTheDocument();
    expect(screen.getByText('Credit: £10.50')).toBeInTheDocument();
    expect(document.title).toBe('Dashboard · BlockPilot');
  });

  describe('the Connect Account dialog', () => {
    it('covers the dashboard while no delivery account is connected; Continue opens /connectAccount', async () => {
      const { location } = renderApp('/dashboard', session({ account: mockAccount({ flexConnected: false }), serviceAreas: null }));
      await flush();
      const dialog = screen.getByRole('dialog', { name: 'Connect Account' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(location()).toBe('/connectAccount');
      await flush(); // the Connect Account page asks for its challenge
    });

    it('closes with Escape, leaving "Not connected" and a Connect button where the search state is, never "checking..."', async () => {
      const { location } = renderApp('/dashboard', session({ account: mockAccount({ flexConnected: false }), serviceAreas: null, searchStatus: null }));
      await flush();
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByText('checking...')).not.toBeInTheDocument();
      const connect = screen.getByRole('link', { name: 'Connect' });
      expect(connect).toHaveAccessibleDescription('Not connected');
      fireEvent.click(connect);
      expect(location()).toBe('/connectAccount');
      await flush();
    });

    it('closes with its close button too, and lays its backdrop under the navigation bar', async () => {
      renderApp('/dashboard', session({ account: mockAccount({ flexConnected: false }), serviceAreas: null }));
      await flush();
      expect(document.querySelector('[data-dialog-backdrop]')).toHaveStyle({ top: '64px', zIndex: '1050' });
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Connect Account' })).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByText('Not connected')).toBeInTheDocument();
    });

    it('offers Help and Logout, which the navigation bar under it cannot give a keyboard, and starts on Continue', async () => {
      const { location } = renderApp('/dashboard', session({ account: mockAccount({ flexConnected: false }), serviceAreas: null }));
      await flush();
      const dialog = screen.getByRole('dialog', { name: 'Connect Account' });
      expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveFocus();
      expect(within(dialog).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
      fireEvent.click(within(dialog).getByRole('link', { name: 'Help' }));
      expect(location()).toBe('/help');
    });

    it('is not there once the account is connected', async () => {
      renderApp('/dashboard', session());
      await flush();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('Start/Stop never acts against what the screen said (docs/LIVE.md)', () => {
    it("reads 'checking...' and cannot be pressed until the server has said what the search is doing", async () => {
      renderApp('/dashboard', session({ searchStatus: null, searching: false }));
      await flush();
      const button = screen.getByRole('button', { name: 'checking...' });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('checking...');
      expect(screen.queryByText('System Stopped')).not.toBeInTheDocument();
      fireEvent.click(button);
      await flush();
      expect(server.callsTo('POST /user/toggleSearchState')).toHaveLength(0);
    });

    it('sends Stop (searching: false) from a screen showing Stop, and follows the status the server answers', async () => {
      server.on('POST /user/toggleSearchState', { data: { searching: false, status: mockSearchStatus({ searching: false }) } });
      const s = session({ searching: true });
      renderApp('/dashboard/logs', s);
      await flush();
      fireEvent.click(startStop());
      await flush();
      expect(server.callsTo('POST /user/toggleSearchState')[0]!.body).toMatchObject({ searching: false });
      expect(s.actions).toContain('setSearchStatus:false');
    });

    it("says 'Paused: not enough credit' (never 'System Started') with what was skipped, and offers the top-up", async () => {
      const s = session({ searching: true, account: mockAccount({ credit: 40 }) });
      s.searchStatus = mockSearchStatus({ searching: true, pausedFor: 'credit', missed: { count: 3, valueCents: 43_000 }, feesCovered: 0, lowCredit: true });
      const { location } = renderApp('/dashboard', s);
      await flush();
      expect(startStop()).toHaveAccessibleDescription('Paused: not enough credit');
      expect(screen.queryByText('System Started')).not.toBeInTheDocument();
      expect(startStop()).toHaveTextContent('Stop');
      expect(screen.getByText('3 offers worth $430.00 skipped')).toBeInTheDocument();
      expect(screen.getByText(/Top up and\s+the search resumes by itself/)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('link', { name: 'Top up' }));
      expect(location()).toBe('/account/credit');
    });

    it('shows a low-credit banner with the fees the credit covers and a one-tap top-up', async () => {
      const s = session({ searching: true, account: mockAccount({ credit: 1000 }) });
      s.searchStatus = mockSearchStatus({ searching: true, feesCovered: 2, lowCredit: true });
      renderApp('/dashboard', s);
      await flush();
      expect(screen.getByText('Your credit is running low')).toBeInTheDocument();
      expect(screen.getByText(/Your credit is \$10\.00\. It covers about 2 more fees/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/account/credit');
      expect(screen.getByText('System Started')).toBeInTheDocument();
    });

    it('has no credit banner while the credit covers enough fees', async () => {
      renderApp('/dashboard', session({ searching: true }));
      await flush();
      expect(screen.queryByText('Your credit is running low')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Top up' })).not.toBeInTheDocument();
    });

    it('says when no selected station is one the account can work, instead of looking for offers forever', async () => {
      const s = session({ searching: true });
      s.searchStatus = mockSearchStatus({ searching: true, noEligibleStation: true });
      renderApp('/dashboard', s);
      await flush();
      expect(startStop()).toHaveAccessibleDescription('Waiting: no eligible station selected');
      expect(screen.getByText('No offers can come: no eligible station selected')).toBeInTheDocument();
    });
  });

  describe('Start/Stop', () => {
    it("reads 'Start' with a 'System Stopped' chip (red dot) while stopped", async () => {
      renderApp('/dashboard', session({ searching: false }));
      await flush();
      expect(startStop()).toHaveTextContent('Start');
      const chip = screen.getByText('System Stopped');
      expect(chip.querySelector('[data-dot]')).toHaveAttribute('data-dot', 'error');
      expect(startStop()).toHaveAccessibleDescription('System Stopped');
    });

    it("reads 'Stop' with a 'System Started' chip (green dot) while searching", async () => {
      renderApp('/dashboard', session({ searching: true }));
      await flush();
      expect(startStop()).toHaveTextContent('Stop');
      expect(screen.getByText('System Started').querySelector('[data-dot]')).toHaveAttribute('data-dot', 'success');
    });

    /**
     * A session whose refresh never finishes: the page can only have moved if it navigated
     * before waiting for the refresh.
     */
    function recordingSession(overrides: Parameters<typeof createMockSession>[0] = {}): MockSession {
      const s = session(overrides);
      s.refresh = () => {
        s.actions.push('refresh');
        return new Promise<void>(() => undefined);
      };
      return s;
    }

    it('starts through the server with the timezone offset and IANA zone, follows the answer, opens the logs, then refreshes', async () => {
      server.on('POST /user/toggleSearchState', { data: { searching: true, status: mockSearchStatus({ searching: true }) } });
      const s = recordingSession({ searching: false });
      const { location } = renderApp('/dashboard/settings', s);
      await flush();
      fireEvent.click(startStop());
      await flush();
      expect(server.callsTo('POST /user/toggleSearchState').map((c) => c.body)).toEqual([
        { timezoneOffset: new Date().getTimezoneOffset(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, searching: true },
      ]);
      expect(s.actions).toEqual(['setSearchStatus:true', 'refresh']);
      expect(location()).toBe('/dashboard/logs');
    });

    it('sends the offset alone where the browser names no time zone', async () => {
      const RealFormat = Intl.DateTimeFormat;
      const spy = jest.spyOn(Intl, 'DateTimeFormat').mockImplementation((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        const format = new RealFormat(...args);
        const resolved = format.resolvedOptions();
        format.resolvedOptions = () => ({ ...resolved, timeZone: '' });
        return format;
      });
      try {
        server.on('POST /user/toggleSearchState', { data: { searching: true, status: mockSearchStatus({ searching: true }) } });
        renderApp('/dashboard/settings', session());
        await flush();
        fireEvent.click(startStop());
        await flush();
        expect(server.callsTo('POST /user/toggleSearchState').map((c) => c.body)).toEqual([{ timezoneOffset: new Date().getTimezoneOffset(), searching: true }]);
      } finally {
        spy.mockRestore();
      }
    });

    it('stops through the server and opens the settings, then refreshes', async () => {
      server.on('POST /user/toggleSearchState', { data: { searching: false, status: mockSearchStatus({ searching: false }) } });
      const s = recordingSession({ searching: true });
      const { location } = renderApp('/dashboard/logs', s);
      await flush();
      fireEvent.click(startStop());
      await flush();
      expect(s.actions).toEqual(['setSearchStatus:false', 'refresh']);
      expect(location()).toBe('/dashboard/settings');
    });

    it('follows what the server answers, not what was pressed', async () => {
      server.on('POST /user/toggleSearchState', { data: { searching: false, status: mockSearchStatus({ searching: false }) } });
      const s = recordingSession({ searching: false });
      const { location } = renderApp('/dashboard/logs', s);
      await flush();
      fireEvent.click(startStop());
      await flush();
      expect(s.actions).toEqual(['setSearchStatus:false', 'refresh']);
      expect(location()).toBe('/dashboard/settings');
    });

    it('cannot be pressed twice while the toggle is on its way', async () => {
      let answer!: () => void;
      server.on(
        'POST /user/toggleSearchState',
        () => new Promise((resolve) => (answer = () => resolve({ data: { searching: true, status: mockSearchStatus({ searching: true }) } }))),
      );
      renderApp('/dashboard', session());
      await flush();
      startStop().focus();
      fireEvent.click(startStop());
      // Marked, not disabled: a disabled button would drop the keyboard focus to the page.
      expect(startStop()).toHaveAttribute('aria-disabled', 'true');
      expect(startStop()).toHaveFocus();
      fireEvent.click(startStop());
      await flush();
      answer();
      await flush();
      expect(server.callsTo('POST /user/toggleSearchState')).toHaveLength(1);
      expect(startStop()).not.toHaveAttribute('aria-disabled');
      expect(startStop()).toHaveFocus();
    });

    it('only logs a failed toggle: no state change, no navigation, no refresh', async () => {
      server.on('POST /user/toggleSearchState', { status: 500, body: {} });
      const s = session();
      const { location } = renderApp('/dashboard/settings', s);
      await flush();
      fireEvent.click(startStop());
      await flush();
      expect(console.warn).toHaveBeenCalledWith('[toggleSearchState] failed:', expect.any(String));
      expect(s.actions).toEqual([]);
      expect(location()).toBe('/dashboard/settings');
      expect(startStop()).toBeEnabled();
    });
  });

  describe('on small screens', () => {
    it.each([
      ['/dashboard', 'filters'],
      ['/dashboard/settings', 'filters'],
      ['/dashboard/logs', 'logs'],
      ['/dashboard/unknown', 'filters'],
    ])('%s shows the %s', async (path, shown) => {
      renderApp(path, session());
      await flush();
      if (shown === 'filters') {
        expect(filters()).toBeVisible();
        expect(logs()).not.toBeVisible();
      } else {
        expect(logs()).toBeVisible();
        expect(filters()).not.toBeVisible();
      }
    });

    it('switches between /dashboard/settings and /dashboard/logs with a bottom tab bar', async () => {
      const { location } = renderApp('/dashboard', session());
      await flush();
      const bar = screen.getByRole('navigation', { name: 'Dashboard views' });
      const settingsTab = within(bar).getByRole('link', { name: 'Settings' });
      const logsTab = within(bar).getByRole('link', { name: 'Logs' });
      expect(settingsTab).toHaveAttribute('href', '/dashboard/settings');
      expect(settingsTab).toHaveAttribute('aria-current', 'page');
      fireEvent.click(logsTab);
      expect(location()).toBe('/dashboard/logs');
      expect(logsTab).toHaveAttribute('aria-current', 'page');
      expect(logs()).toBeVisible();
      expect(filters()).not.toBeVisible();
      fireEvent.click(settingsTab);
      expect(location()).toBe('/dashboard/settings');
      expect(filters()).toBeVisible();
    });

    it('starts the view switched to at its top, not where the other one was scrolled', async () => {
      renderApp('/dashboard/settings', session());
      await flush();
      expect(scrollTo).not.toHaveBeenCalled(); // opening the page keeps the browser's own position
      fireEvent.click(screen.getByRole('link', { name: 'Logs' }));
      expect(scrollTo).toHaveBeenLastCalledWith({ top: 0 });
      expect(scrollTo).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole('link', { name: 'Settings' }));
      expect(scrollTo).toHaveBeenCalledTimes(2);
    });

    it('tells the page how tall its sticky Start/status bar is, so toasts drop in below it, and forgets it on leaving', async () => {
      const { unmount } = renderApp('/dashboard', session());
      await flush();
      // jsdom has no layout: the bar is 0 px high, but the property is there for the toasts to read.
      expect(document.documentElement.style.getPropertyValue(STICKY_BAR_HEIGHT_VARIABLE)).toBe('0px');
      unmount();
      expect(document.documentElement.style.getPropertyValue(STICKY_BAR_HEIGHT_VARIABLE)).toBe('');
    });

    it('keeps an unsaved filter edit when switching tabs', async () => {
      renderApp('/dashboard/settings', session());
      await flush();
      fireEvent.change(screen.getByRole('textbox', { name: 'Filter name' }), { target: { value: 'Evenings' } });
      fireEvent.click(screen.getByRole('link', { name: 'Logs' }));
      fireEvent.click(screen.getByRole('link', { name: 'Settings' }));
      expect(screen.getByRole('textbox', { name: 'Filter name' })).toHaveValue('Evenings');
    });
  });

  it('shows filters and logs side by side on desktops, without the tab bar', async () => {
    restoreWidth();
    restoreWidth = setScreenWidth(DESKTOP_WIDTH);
    renderApp('/dashboard/logs', session());
    await flush();
    expect(filters()).toBeVisible();
    expect(logs()).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Dashboard views' })).not.toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('says clearly when the platform asks for a puzzle to be solved in its own app', async () => {
    renderApp('/dashboard', session({ account: mockAccount({ puzzleRequired: true }) }));
    await flush();
    const notice = screen.getByText('Searching stopped: Amazon asks you to solve a puzzle').closest('[role="status"]');
    expect(notice).toHaveTextContent(/solve the puzzle it shows/);
    expect(notice).toHaveTextContent('press “I solved it, resume”. BlockPilot does not search until you do.');
    expect(within(notice as HTMLElement).getByRole('button', { name: 'I solved it, resume' })).toBeEnabled();
    expect(notice).not.toHaveTextContent(/paused/);
  });

  it('shows no puzzle notice otherwise', async () => {
    renderApp('/dashboard', session());
    await flush();
    expect(screen.queryByText(/puzzle/)).not.toBeInTheDocument();
  });

  it('waits for the account (standalone preview before sign-in)', async () => {
    renderApp('/dashboard', session({ account: null }));
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(server.calls).toEqual([]);
  });

  describe('in Spanish (docs/FRONTEND.md, "Languages")', () => {
    inSpanish();
    const iniciarDetener = () => screen.getByRole('button', { name: /^(Iniciar|Detener)$/ });

    it('greets, shows the credit, Start and its state, the pages and the phone tab bar in Spanish', async () => {
      await renderAppIn('/dashboard', session({ account: mockAccount({ display_name: 'Sam', credit: 1050, currency_symbol: '£' }) }));
      await flush();
      expect(screen.getByRole('heading', { level: 1, name: 'Hola, Sam' })).toBeInTheDocument();
      expect(screen.getByText('Crédito: £10.50')).toBeInTheDocument();
      expect(document.title).toBe('Panel · BlockPilot');
      expect(iniciarDetener()).toHaveTextContent('Iniciar');
      expect(iniciarDetener()).toHaveAccessibleDescription('Sistema detenido');
      const pages = screen.getByRole('navigation', { name: 'Páginas del panel' });
      expect(textsOf(within(pages).getAllByRole('link'))).toEqual(['Panel', 'Estadísticas', 'Calendario']);
      const tabs = screen.getByRole('navigation', { name: 'Vistas del panel' });
      expect(within(tabs).getByRole('link', { name: 'Ajustes' })).toHaveAttribute('aria-current', 'page');
      expect(within(tabs).getByRole('link', { name: 'Registro' })).toHaveAttribute('href', '/dashboard/logs');
      expect(screen.getByRole('region', { name: 'Tu filtro' })).toBeVisible();
      expect(screen.getByRole('region', { name: 'Búsqueda' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /^Hi,/ })).not.toBeInTheDocument();
      expect(screen.queryByText('System Stopped')).not.toBeInTheDocument();
      expectNoRawKeys();
    });

    it('counts what a search paused for credit skipped with Spanish plurals, and offers the top-up', async () => {
      const s = session({ searching: true, account: mockAccount({ credit: 40 }) });
      s.searchStatus = mockSearchStatus({ searching: true, pausedFor: 'credit', missed: { count: 3, valueCents: 43_000 }, feesCovered: 0, lowCredit: true });
      await renderAppIn('/dashboard', s);
      await flush();
      expect(iniciarDetener()).toHaveTextContent('Detener');
      expect(iniciarDetener()).toHaveAccessibleDescription('En pausa: crédito insuficiente');
      expect(screen.getByText('Se omitieron 3 ofertas ($430.00)')).toBeInTheDocument();
      expect(
        screen.getByText(/^Tu crédito \(\$0\.40\) es menor que la comisión .* \(hasta ahora, 3 ofertas por un total de \$430\.00\)\. Recarga y la búsqueda se reanuda sola\.$/),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Recargar' })).toHaveAttribute('href', '/account/credit');
      expectNoRawKeys();
    });

    it('says one skipped offer in the singular', async () => {
      const s = session({ searching: true, account: mockAccount({ credit: 1000 }) });
      s.searchStatus = mockSearchStatus({ searching: true, pausedFor: 'credit', missed: { count: 1, valueCents: 6_000 } });
      await renderAppIn('/dashboard', s);
      await flush();
      expect(screen.getByText('Se omitió 1 oferta ($60.00)')).toBeInTheDocument();
    });

    it('warns of a low credit in Spanish', async () => {
      const s = session({ searching: true, account: mockAccount({ credit: 1000 }) });
      s.searchStatus = mockSearchStatus({ searching: true, feesCovered: 1, lowCredit: true });
      await renderAppIn('/dashboard', s);
      await flush();
      expect(screen.getByText('Te queda poco crédito')).toBeInTheDocument();
      expect(
        screen.getByText(
          'Tu crédito es de $10.00. Alcanza para cerca de una comisión más de los bloques que tomas. Cuando un bloque que coincide cuesta más, se omite hasta que recargues.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('Sistema iniciado')).toBeInTheDocument();
    });

    it('asks to connect the delivery account in Spanish', async () => {
      await renderAppIn('/dashboard', session({ account: mockAccount({ flexConnected: false }), serviceAreas: null }));
      await flush();
      const dialog = screen.getByRole('dialog', { name: 'Conectar cuenta' });
      expect(within(dialog).getByRole('button', { name: 'Continuar' })).toHaveFocus();
      expect(within(dialog).getByRole('link', { name: 'Cerrar sesión' })).toHaveAttribute('href', '/logout');
      expect(within(dialog).getByRole('link', { name: 'Ayuda' })).toHaveAttribute('href', '/help');
      expect(screen.getByText('Conecta tu cuenta para elegir estaciones.')).toBeInTheDocument();
      expectNoRawKeys();
    });

    it('explains the puzzle pause in Spanish', async () => {
      await renderAppIn('/dashboard', session({ account: mockAccount({ puzzleRequired: true }) }));
      await flush();
      expect(screen.getByText('Búsqueda detenida: Amazon te pide una verificación (captcha)')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Ya la resolví, reanudar' })).toBeEnabled();
      expect(screen.queryByText(/puzzle/)).not.toBeInTheDocument();
    });
  });
});
