import { DEFAULT_FILTER, FILTER_AUTOSAVE_MS, MAX_FILTERS_PER_DRIVER, type Filter } from '@blockpilot/shared';
import { createMockSession, mockAccount, mockApi, mockFilter, mockServiceAreas, setScreenWidth, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { flush, PHONE_WIDTH, renderApp } from '../../testing';

describe('Your filters (docs/PRODUCT.md "Several filters")', () => {
  let server: MockApi;
  let restoreWidth: () => void;
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    restoreWidth = setScreenWidth(PHONE_WIDTH);
    server = mockApi({
      'POST /user/getLogs': { data: [] },
      // A filter without an id is added: the server gives it one.
      'POST /user/saveFilter': (call) => {
        const { filter } = call.body as { filter: Filter | Omit<Filter, 'id'> };
        return { data: 'id' in filter ? filter : { ...filter, id: 'added-id' } };
      },
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    restoreWidth();
    server.restore();
    jest.useRealTimers();
  });

  const first = mockFilter({ id: 'first-id', name: 'Mornings' });
  const second = mockFilter({ id: 'second-id', name: 'DWA6 evenings', serviceAreas: ['sa-2'], enabled: true });
  const third = mockFilter({ id: 'third-id', name: 'Weekends', serviceAreas: [], enabled: false });

  const renderList = (filters: Filter[]) => {
    const session = createMockSession({ account: mockAccount({ filters }), serviceAreas: mockServiceAreas });
    renderApp('/dashboard/settings', session);
    return session;
  };
  const list = () => screen.getByRole('region', { name: 'Your filters' });
  const row = (name: RegExp) => within(list()).getByRole('listitem', { name });
  const rowNames = () =>
    within(list())
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading', { level: 3 }).textContent);
  const saves = () => server.callsTo('POST /user/saveFilter').map((c) => (c.body as { filter: Filter }).filter);

  it('lists the dashboard filter first, which cannot be deleted, then the others with their state and stations', async () => {
    renderList([first, second, third]);
    await flush();
    expect(rowNames()).toEqual(["1. The dashboard's filter", '2. DWA6 evenings', '3. Weekends']);
    const firstRow = row(/dashboard's filter/);
    expect(within(firstRow).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(firstRow).toHaveTextContent('It cannot be deleted');
    expect(row(/DWA6 evenings/)).toHaveTextContent('On');
    expect(row(/DWA6 evenings/)).toHaveTextContent(mockServiceAreas.find((area) => area.id === 'sa-2')!.shortName);
    expect(row(/Weekends/)).toHaveTextContent('Off');
    expect(row(/Weekends/)).toHaveTextContent('No station chosen yet');
    expect(within(row(/Weekends/)).getByRole('button', { name: 'Move down: Weekends' })).toBeDisabled();
    // The dashboard still edits the first filter, exactly as before.
    expect(within(screen.getByRole('region', { name: 'Your filter' })).getByRole('textbox', { name: 'Filter name' })).toHaveValue('Mornings');
  });

  it('adds a filter with the values of a new one, opens it for editing, and reloads the account', async () => {
    const session = renderList([first]);
    await flush();
    fireEvent.click(within(list()).getByRole('button', { name: 'Add a filter' }));
    await flush();
    expect(saves()).toEqual([{ ...DEFAULT_FILTER, name: 'Filter 2' }]);
    expect(rowNames()).toEqual(["1. The dashboard's filter", '2. Filter 2']);
    const added = row(/Filter 2/);
    expect(within(added).getByRole('button', { name: 'Close: Filter 2' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(added).getByRole('textbox', { name: 'Filter name' })).toHaveValue('Filter 2');
    expect(session.actions).toContain('refresh');
  });

  it('edits a filter with the same fields as the dashboard, auto-saved with its id; renames and switches it from its row', async () => {
    renderList([first, second]);
    await flush();
    const editing = row(/DWA6 evenings/);
    const edit = within(editing).getByRole('button', { name: 'Edit: DWA6 evenings' });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(edit);
    fireEvent.change(within(editing).getByRole('textbox', { name: 'Filter name' }), { target: { value: 'DWA6 late' } });
    fireEvent.click(within(editing).getByRole('checkbox', { name: mockServiceAreas[0]!.shortName }));
    fireEvent.change(within(editing).getByRole('slider', { name: 'Lowest pay' }), { target: { value: '30' } });
    await flush(FILTER_AUTOSAVE_MS);
    expect(saves()).toEqual([{ ...second, name: 'DWA6 late', serviceAreas: ['sa-2', mockServiceAreas[0]!.id], pay: [30, second.pay[1]] }]);
    expect(within(editing).getByRole('heading', { level: 3 })).toHaveTextContent('2. DWA6 late');
    expect(within(editing).getAllByRole('status')[0]).toHaveTextContent(/^Saved @/);

    const switchOf = within(editing).getByRole('switch', { name: 'Search with this filter' });
    expect(switchOf).toBeChecked();
    fireEvent.click(switchOf);
    await flush(FILTER_AUTOSAVE_MS);
    expect(saves().at(-1)).toMatchObject({ id: 'second-id', enabled: false });
    // The switch and the chip say the same: off, and no text anywhere says it is on.
    expect(switchOf).not.toBeChecked();
    expect(editing).toHaveTextContent('Off');
    expect(editing).not.toHaveTextContent(/switched on/i);
    // Only the list's filter was saved: the dashboard's first is untouched.
    expect(saves().every((filter) => filter.id === 'second-id')).toBe(true);
  });

  it('moves a filter up and down, sending the whole order, and shows the order the server answers', async () => {
    server.on('POST /user/reorderFilters', (call) => {
      const { ids } = call.body as { ids: string[] };
      return { data: ids.map((id) => [first, second, third].find((filter) => filter.id === id)!) };
    });
    const session = renderList([first, second, third]);
    await flush();
    fireEvent.click(within(row(/Weekends/)).getByRole('button', { name: 'Move up: Weekends' }));
    await flush();
    expect(server.callsTo('POST /user/reorderFilters').map((c) => c.body)).toEqual([{ ids: ['first-id', 'third-id', 'second-id'] }]);
    expect(rowNames()).toEqual(["1. The dashboard's filter", '2. Weekends', '3. DWA6 evenings']);
    // Moving the dashboard's filter down makes the next one the dashboard's (the account is reloaded for it).
    fireEvent.click(within(row(/dashboard's filter/)).getByRole('button', { name: "Move down: the dashboard's filter" }));
    await flush();
    expect(server.callsTo('POST /user/reorderFilters').at(-1)!.body).toEqual({ ids: ['third-id', 'first-id', 'second-id'] });
    expect(rowNames()).toEqual(["1. The dashboard's filter", '2. Mornings', '3. DWA6 evenings']);
    expect(session.actions.filter((action) => action === 'refresh')).toHaveLength(2);
  });

  it('deletes a filter only after a confirmation, and keeps it when the driver changes their mind', async () => {
    server.on('POST /user/deleteFilter', { data: [first, third] });
    renderList([first, second, third]);
    await flush();
    fireEvent.click(within(row(/DWA6 evenings/)).getByRole('button', { name: 'Delete: DWA6 evenings' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this filter?' });
    expect(dialog).toHaveTextContent('DWA6 evenings stops accepting blocks at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST /user/deleteFilter')).toEqual([]);

    fireEvent.click(within(row(/DWA6 evenings/)).getByRole('button', { name: 'Delete: DWA6 evenings' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this filter?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await flush();
    expect(server.callsTo('POST /user/deleteFilter').map((c) => c.body)).toEqual([{ id: 'second-id' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowNames()).toEqual(["1. The dashboard's filter", '2. Weekends']);
  });

  it(`offers no more adds at ${MAX_FILTERS_PER_DRIVER} filters, saying why`, async () => {
    renderList([first, ...Array.from({ length: MAX_FILTERS_PER_DRIVER - 1 }, (_, n) => mockFilter({ id: `more-${n}`, name: `More ${n}` }))]);
    await flush();
    const add = within(list()).getByRole('button', { name: 'Add a filter' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(`You have ${MAX_FILTERS_PER_DRIVER} filters, the most you can keep. Delete one to add another.`);
  });

  it('says when a change could not reach the server, and changes nothing', async () => {
    server.on('POST /user/saveFilter', () => {
      throw new Error('connection reset');
    });
    renderList([first]);
    await flush();
    fireEvent.click(within(list()).getByRole('button', { name: 'Add a filter' }));
    await flush();
    expect(within(list()).getByRole('alert')).toHaveTextContent('Could not add a filter. Check your connection and try again.');
    expect(rowNames()).toEqual(["1. The dashboard's filter"]);
    expect(within(list()).getByRole('button', { name: 'Add a filter' })).toBeEnabled();
  });
});
