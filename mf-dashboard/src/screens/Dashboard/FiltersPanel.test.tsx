import { DEFAULT_WORK_LIMITS } from '@blockpilot/shared/api/schemas';
import { FILTER_AUTOSAVE_MS, STORAGE_KEYS, type Filter } from '@blockpilot/shared';
import { createMockSession, mockAccount, mockApi, mockFilter, mockServiceAreas, type MockApi } from '@blockpilot/shared/mock';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expectNoRawKeys, flush, inSpanish, renderApp, renderAppIn, textOf, textsOf } from '../../testing';

describe('Filters (/dashboard/settings)', () => {
  let server: MockApi;
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date(2025, 0, 6, 15, 4, 30) });
    localStorage.clear();
    server = mockApi({
      'POST /user/getLogs': { data: [] },
      'GET /user/workLimits': { data: DEFAULT_WORK_LIMITS },
      // As the server does: a new filter (no id yet) comes back with the id it was stored under.
      'POST /user/saveFilter': (call) => {
        const { filter } = call.body as { filter: Filter };
        return { data: { ...filter, id: filter.id || `new-filter-${server.callsTo('POST /user/saveFilter').length}` } };
      },
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup(); // unmount first: a pending save is flushed on unmount and must reach the mock
    server.restore();
    jest.useRealTimers();
  });

  const renderFilters = (filter: Partial<Filter> = {}, currency_symbol = '$') =>
    renderApp('/dashboard/settings', createMockSession({ account: mockAccount({ currency_symbol, filters: [mockFilter(filter)] }), serviceAreas: mockServiceAreas }));
  const saves = () => server.callsTo('POST /user/saveFilter').map((c) => (c.body as { filter: Filter }).filter);
  const slider = (name: string) => screen.getByRole('slider', { name });
  const moveSlider = (name: string, value: number) => fireEvent.change(slider(name), { target: { value: String(value) } });
  const nameField = () => screen.getByRole('textbox', { name: 'Filter name' });
  const status = () => within(screen.getByRole('region', { name: 'Your filter' })).getAllByRole('status')[0]!;

  it('shows every field of the first filter with the bounds and steps of docs/PRODUCT.md section 9', async () => {
    renderFilters();
    await flush();
    expect(nameField()).toHaveValue('My filter');
    expect(screen.getByRole('switch', { name: 'Filter enabled' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'DSE4' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'DWA6' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
    expect(slider('Earliest start')).toMatchObject({ min: '0', max: '1440', step: '15', value: '360' });
    expect(slider('Earliest start')).toHaveAttribute('aria-valuetext', '6:00 AM');
    expect(slider('Latest start')).toHaveAttribute('aria-valuetext', '6:00 PM');
    expect(screen.getByRole('switch', { name: 'Overnight' })).not.toBeChecked();
    expect(screen.getByText('6:00 AM – 6:00 PM')).toBeInTheDocument();
    expect(slider('Lowest pay')).toMatchObject({ min: '0', max: '100', step: '1' });
    expect(screen.getByRole('combobox', { name: 'Pay counted' })).toHaveValue('PER_BLOCK');
    expect(slider('Shortest block')).toMatchObject({ min: '0', max: '10', step: '0.5' });
    expect(slider('Shortest block')).toHaveAttribute('aria-valuetext', '2 h');
    expect(slider('Time to arrive')).toMatchObject({ min: '0', max: '60', step: '5', value: '30' });
    expect(slider('Time to arrive')).toHaveAttribute('aria-valuetext', '30 min');
  });

  it('labels pay in the account currency as the position x 3.00, the top end as 300.00+ (no upper limit)', async () => {
    renderFilters({ pay: [20, 100] }, '£');
    await flush();
    expect(slider('Lowest pay')).toHaveAttribute('aria-valuetext', '£60.00');
    expect(slider('Highest pay')).toHaveAttribute('aria-valuetext', '£300.00+');
    expect(screen.getByText('£60.00 – £300.00+')).toBeInTheDocument();
    moveSlider('Highest pay', 99);
    expect(slider('Highest pay')).toHaveAttribute('aria-valuetext', '£297.00');
  });

  it('labels pay counted per hour with "/h"', async () => {
    renderFilters({ pay: [10, 20], payType: 'PER_HOUR' }, '$');
    await flush();
    expect(slider('Lowest pay')).toHaveAttribute('aria-valuetext', '$30.00/h');
    expect(screen.getByText('$30.00/h – $60.00/h')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Pay counted' }), { target: { value: 'PER_BLOCK' } });
    expect(slider('Lowest pay')).toHaveAttribute('aria-valuetext', '$30.00');
  });

  describe('the time window', () => {
    const overnightSwitch = () => screen.getByRole('switch', { name: 'Overnight' });

    it('sets an overnight window, 10:00 PM to 2:00 AM, sent as [1320, 120]', async () => {
      renderFilters();
      await flush();
      fireEvent.click(overnightSwitch());
      expect(overnightSwitch()).toBeChecked();
      // The handles stay; the window now runs from the right one across midnight to the left one.
      expect(screen.getByText('6:00 PM – 6:00 AM (overnight)')).toBeInTheDocument();
      moveSlider('Earliest start', 1320);
      moveSlider('Latest start (next day)', 120);
      expect(slider('Earliest start')).toHaveAttribute('aria-valuetext', '10:00 PM');
      expect(slider('Latest start (next day)')).toHaveAttribute('aria-valuetext', '2:00 AM');
      expect(screen.getByText('10:00 PM – 2:00 AM (overnight)')).toBeInTheDocument();
      expect(slider('Earliest start')).toHaveAccessibleDescription("Blocks starting from the right handle's time, across midnight, until the left one's");
      await flush(FILTER_AUTOSAVE_MS);
      expect(saves().map((f) => f.time)).toEqual([[1320, 120]]);
    });

    it('shows a saved overnight window as one, and turning the switch off keeps the handles as a same-day window', async () => {
      renderFilters({ time: [1320, 120] });
      await flush();
      expect(overnightSwitch()).toBeChecked();
      expect(slider('Latest start (next day)')).toMatchObject({ value: '120' });
      expect(slider('Earliest start')).toMatchObject({ value: '1320' });
      expect(screen.getByText('10:00 PM – 2:00 AM (overnight)')).toBeInTheDocument();
      fireEvent.click(overnightSwitch());
      expect(screen.getByText('2:00 AM – 10:00 PM')).toBeInTheDocument();
      expect(slider('Earliest start')).toMatchObject({ value: '120' });
      await flush(FILTER_AUTOSAVE_MS);
      expect(saves().map((f) => f.time)).toEqual([[120, 1320]]);
    });

    it('reads [0, 1440] as "All day"; overnight from there starts at 10:00 PM to 6:00 AM', async () => {
      renderFilters({ time: [0, 1440] });
      await flush();
      expect(screen.getByText('All day')).toBeInTheDocument();
      expect(overnightSwitch()).not.toBeChecked();
      fireEvent.click(overnightSwitch());
      expect(screen.getByText('10:00 PM – 6:00 AM (overnight)')).toBeInTheDocument();
      await flush(FILTER_AUTOSAVE_MS);
      expect(saves().map((f) => f.time)).toEqual([[1320, 360]]);
    });

    it('handles that meet stay in the mode chosen, and the server refusing the empty window shows under the slider', async () => {
      const empty = 'The window is empty: choose a start and an end that are not the same time.';
      server.on('POST /user/saveFilter', { status: 400, body: { errors: { time: empty } } });
      renderFilters({ time: [1320, 120] });
      await flush();
      moveSlider('Latest start (next day)', 1320);
      expect(overnightSwitch()).toBeChecked();
      expect(screen.getByText('Empty window')).toBeInTheDocument();
      await flush(FILTER_AUTOSAVE_MS);
      expect(saves().map((f) => f.time)).toEqual([[1320, 1320]]);
      expect(slider('Earliest start')).toHaveAccessibleDescription(empty);
      moveSlider('Latest start (next day)', 60);
      expect(screen.getByText('10:00 PM – 1:00 AM (overnight)')).toBeInTheDocument();
    });
  });

  it('shows service areas abbreviated by default, full names once the stored switch is off', async () => {
    const { unmount } = renderFilters();
    await flush();
    const abbreviate = screen.getByRole('switch', { name: 'Abbreviate names' });
    expect(abbreviate).toBeChecked();
    fireEvent.click(abbreviate);
    expect(screen.getByRole('checkbox', { name: 'Seattle (DSE4) - Sodo' })).toBeChecked();
    expect(localStorage.getItem(STORAGE_KEYS.abbreviateServiceAreas)).toBe('false');
    unmount();
    renderFilters();
    await flush();
    expect(screen.getByRole('checkbox', { name: 'Bellevue (DWA6) - Eastgate' })).toBeInTheDocument();
    expect(saves()).toEqual([]); // a display choice, not a filter change
  });

  it('auto-saves 500 ms after the last change: nothing on first render or before, exactly one save with the latest values', async () => {
    renderFilters();
    await flush(5 * FILTER_AUTOSAVE_MS);
    expect(saves()).toEqual([]);

    fireEvent.change(nameField(), { target: { value: 'Mornings' } });
    await flush(300);
    moveSlider('Earliest start', 420);
    await flush(300);
    fireEvent.click(screen.getByRole('checkbox', { name: 'DWA6' }));
    await flush(FILTER_AUTOSAVE_MS - 1);
    expect(saves()).toEqual([]);

    await flush(1);
    expect(saves()).toEqual([mockFilter({ name: 'Mornings', time: [420, 1080], serviceAreas: ['sa-1', 'sa-2'] })]);
    await flush(5 * FILTER_AUTOSAVE_MS);
    expect(saves()).toHaveLength(1);
  });

  it('saves once per pause', async () => {
    renderFilters();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Sunday' }));
    await flush(FILTER_AUTOSAVE_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Saturday' }));
    moveSlider('Time to arrive', 45);
    await flush(FILTER_AUTOSAVE_MS);
    expect(saves().map((f) => [f.days, f.timeToArrive])).toEqual([
      [[0, 1, 2, 3, 4, 5], 30],
      [[0, 1, 2, 3, 4, 5, 6], 45],
    ]);
  });

  it("shows 'Saved @ hh:mm AM/PM' after a successful save", async () => {
    renderFilters();
    await flush();
    expect(status()).toHaveTextContent(/^$/);
    moveSlider('Longest block', 8.5);
    await flush(FILTER_AUTOSAVE_MS);
    expect(saves()[0]?.duration).toEqual([2, 8.5]);
    expect(status()).toHaveTextContent('Saved @ 03:04 PM');
  });

  it("shows the server's message under each section, and clears them all on the next success", async () => {
    const messages = {
      serviceAreas: 'Choose at least one service area.',
      days: 'Choose at least one day.',
      time: 'The lower end must not be above the upper end.',
      pay: 'Pay must be in steps of 1.',
      duration: 'Duration must be at most 10.',
      timeToArrive: 'Must be in steps of 5.',
    };
    server.on('POST /user/saveFilter', { status: 400, body: { errors: messages } });
    renderFilters();
    await flush();
    fireEvent.click(screen.getByRole('checkbox', { name: 'DSE4' }));
    await flush(FILTER_AUTOSAVE_MS);

    expect(screen.getByRole('group', { name: 'Service areas' })).toHaveAccessibleDescription(messages.serviceAreas);
    expect(screen.getByRole('group', { name: 'Days' })).toHaveAccessibleDescription(messages.days);
    expect(slider('Earliest start')).toHaveAccessibleDescription(messages.time);
    expect(slider('Lowest pay')).toHaveAccessibleDescription(messages.pay);
    expect(slider('Shortest block')).toHaveAccessibleDescription(messages.duration);
    expect(slider('Time to arrive')).toHaveAccessibleDescription(messages.timeToArrive);
    expect(slider('Time to arrive')).toHaveAttribute('aria-invalid', 'true');
    expect(status()).toHaveTextContent('Not saved: see the messages below');

    server.on('POST /user/saveFilter', (call) => ({ data: (call.body as { filter: Filter }).filter }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'DSE4' }));
    await flush(FILTER_AUTOSAVE_MS);
    for (const message of Object.values(messages)) expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(slider('Time to arrive')).not.toHaveAttribute('aria-invalid');
    expect(status()).toHaveTextContent('Saved @ 03:04 PM');
  });

  it('lists messages for fields without a section of their own at the end', async () => {
    server.on('POST /user/saveFilter', { status: 400, body: { errors: { id: 'Must match format "uuid".' } } });
    renderFilters();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Sunday' }));
    await flush(FILTER_AUTOSAVE_MS);
    expect(screen.getByRole('alert')).toHaveTextContent('Must match format "uuid".');
  });

  it('offers to try again when a save fails without any message (network down)', async () => {
    server.on('POST /user/saveFilter', () => {
      throw new Error('offline');
    });
    renderFilters();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Sunday' }));
    await flush(FILTER_AUTOSAVE_MS);
    expect(status()).toHaveTextContent('Not saved');
    server.on('POST /user/saveFilter', (call) => ({ data: (call.body as { filter: Filter }).filter }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(saves()).toHaveLength(2);
    expect(saves()[1]?.days).toEqual([0, 1, 2, 3, 4, 5]);
    expect(status()).toHaveTextContent('Saved @ 03:04 PM');
  });

  it('never sends two saves at once: a pause during a save waits for it, then sends the latest values', async () => {
    const answers: Array<() => void> = [];
    server.on('POST /user/saveFilter', (call) => new Promise((resolve) => answers.push(() => resolve({ data: (call.body as { filter: Filter }).filter }))));
    renderFilters();
    await flush();
    fireEvent.change(nameField(), { target: { value: 'First' } });
    await flush(FILTER_AUTOSAVE_MS);
    expect(saves()).toHaveLength(1);
    fireEvent.change(nameField(), { target: { value: 'Second' } });
    await flush(FILTER_AUTOSAVE_MS);
    fireEvent.change(nameField(), { target: { value: 'Third' } });
    await flush(FILTER_AUTOSAVE_MS);
    expect(saves()).toHaveLength(1);
    expect(status()).toHaveTextContent('Saving…');

    await act(async () => answers[0]!());
    await flush();
    expect(saves().map((f) => f.name)).toEqual(['First', 'Third']);
    expect(status()).toHaveTextContent('Saving…'); // the waiting save went out at once
    await act(async () => answers[1]!());
    await flush();
    expect(status()).toHaveTextContent('Saved @ 03:04 PM');
  });

  it('saves a change still waiting for its pause when the dashboard closes', async () => {
    const { unmount } = renderFilters();
    await flush();
    fireEvent.change(nameField(), { target: { value: 'Nights' } });
    unmount();
    await flush();
    expect(saves().map((f) => f.name)).toEqual(['Nights']);
  });

  it('remembers the pay type chosen last as the default for filters that come without one', async () => {
    const { unmount } = renderFilters();
    await flush();
    fireEvent.change(screen.getByRole('combobox', { name: 'Pay counted' }), { target: { value: 'PER_HOUR' } });
    await flush(FILTER_AUTOSAVE_MS);
    expect(saves()[0]?.payType).toBe('PER_HOUR');
    expect(localStorage.getItem(STORAGE_KEYS.defaultPayType)).toBe('"PER_HOUR"');
    unmount();

    renderFilters({ payType: undefined });
    await flush();
    expect(screen.getByRole('combobox', { name: 'Pay counted' })).toHaveValue('PER_HOUR');
  });

  it('defaults the pay type of a filter without one to per block', async () => {
    renderFilters({ payType: undefined });
    await flush();
    expect(screen.getByRole('combobox', { name: 'Pay counted' })).toHaveValue('PER_BLOCK');
    expect(screen.getByRole('option', { name: 'Per hour' })).toBeInTheDocument();
  });

  it('says when service areas are still loading', async () => {
    renderApp('/dashboard/settings', createMockSession({ serviceAreas: null }));
    await flush();
    expect(screen.getByRole('group', { name: 'Service areas' })).toHaveTextContent('Loading service areas…');
  });

  describe('eligible stations (docs/LIVE.md)', () => {
    it('marks the stations the platform account may work, and warns when none selected is one of them', async () => {
      const areas = [
        { id: 'sa-1', shortName: 'DSE4', fullName: 'Seattle (DSE4) - Sodo', eligible: true },
        { id: 'sa-2', shortName: 'DWA6', fullName: 'Bellevue (DWA6) - Eastgate', eligible: false },
      ];
      renderApp('/dashboard/settings', createMockSession({ serviceAreas: areas, account: mockAccount({ filters: [mockFilter({ serviceAreas: ['sa-2'] })] }) }));
      await flush();
      expect(screen.getByRole('checkbox', { name: 'DSE4' })).not.toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'DSE4' })).toHaveAccessibleDescription('Eligible');
      expect(screen.getByRole('checkbox', { name: 'DWA6' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'DWA6' })).toHaveAccessibleDescription('Not eligible for your account');
      expect(screen.getByText(/1 selected: none is eligible for your account, so no offers can come/)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('checkbox', { name: 'DSE4' }));
      expect(screen.getByText('2 selected')).toBeInTheDocument();
    });
  });

  describe('in Spanish (docs/FRONTEND.md, "Languages")', () => {
    inSpanish();
    const renderInSpanish = async (filter: Partial<Filter> = {}) => {
      await renderAppIn('/dashboard/settings', createMockSession({ account: mockAccount({ filters: [mockFilter(filter)] }), serviceAreas: mockServiceAreas }));
      await flush();
    };
    const spanishStatus = () => within(screen.getByRole('region', { name: 'Tu filtro' })).getAllByRole('status')[0]!;

    it('labels every field, its values and its hints in Spanish, with Spanish clocks, day names and plurals', async () => {
      await renderInSpanish();
      expect(screen.getByRole('heading', { level: 2, name: 'Tu filtro' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Nombre del filtro' })).toHaveValue('My filter');
      expect(screen.getByRole('switch', { name: 'Filtro activado' })).toHaveAccessibleDescription('Si está desactivado, este filtro no acepta nada');
      const areas = screen.getByRole('group', { name: 'Estaciones' });
      expect(areas).toHaveAccessibleDescription('1 seleccionada');
      fireEvent.click(within(areas).getByRole('checkbox', { name: 'DWA6' }));
      expect(areas).toHaveAccessibleDescription('2 seleccionadas');
      const days = screen.getByRole('group', { name: 'Días' });
      // Each day button shows the short name and is named by the full one.
      const shown = within(days)
        .getAllByRole('button')
        .map((day) => day.querySelector('[aria-hidden="true"]')!);
      expect(textsOf(shown)).toEqual(['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb']);
      expect(within(days).getByRole('button', { name: 'lunes' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(days).getByRole('button', { name: 'miércoles' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(days).getByRole('button', { name: 'domingo' })).toHaveAttribute('aria-pressed', 'false');
      expect(slider('Inicio más temprano')).toHaveAttribute('aria-valuetext', expect.stringMatching(/^6:00\sa\.m\.$/));
      expect(screen.getByText('6:00 a.m. – 6:00 p.m.')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('switch', { name: 'Nocturno' }));
      expect(screen.getByText('6:00 p.m. – 6:00 a.m. (nocturno)')).toBeInTheDocument();
      expect(slider('Inicio más tardío (día siguiente)')).toBeInTheDocument();
      expect(slider('Pago máximo')).toHaveAttribute('aria-valuetext', '$300.00+');
      expect(screen.getByRole('combobox', { name: 'Tipo de pago' })).toHaveValue('PER_BLOCK');
      expect(textsOf(screen.getAllByRole('option'))).toEqual(['Aceptarlo enseguida', 'Solo avisarme', 'Por bloque', 'Por hora']);
      expect(slider('Bloque más corto')).toHaveAttribute('aria-valuetext', '2 h');
      expect(slider('Tiempo para llegar')).toHaveAttribute('aria-valuetext', '30 min');
      expect(screen.queryByText('Your filter')).not.toBeInTheDocument();
      expect(screen.queryByText('Service areas')).not.toBeInTheDocument();
      expectNoRawKeys();
    });

    it('says when it saved, in Spanish', async () => {
      await renderInSpanish({ payType: 'PER_HOUR' });
      expect(slider('Pago mínimo')).toHaveAttribute('aria-valuetext', '$60.00/h');
      moveSlider('Bloque más largo', 8.5);
      await flush(FILTER_AUTOSAVE_MS);
      expect(saves()[0]?.duration).toEqual([2, 8.5]);
      expect(textOf(spanishStatus())).toMatch(/^Guardado: 03:04 p\. ?m\.$/);
    });

    it('lists the other filters in Spanish, and names a new one "Filtro 2"', async () => {
      await renderInSpanish();
      const list = screen.getByRole('region', { name: 'Tus filtros' });
      expect(within(list).getByRole('heading', { level: 3, name: '1. El filtro del panel' })).toBeInTheDocument();
      fireEvent.click(within(list).getByRole('button', { name: 'Agregar un filtro' }));
      await flush();
      expect(saves().map((filter) => filter.name)).toEqual(['Filtro 2']);
      expectNoRawKeys();
    });
  });
});
