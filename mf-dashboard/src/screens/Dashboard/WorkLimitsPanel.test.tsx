import { DEFAULT_WORK_LIMITS } from '@blockpilot/shared/api/schemas';
import { createMockSession, mockApi, setScreenWidth, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { flush, inSpanish, PHONE_WIDTH, renderApp, renderAppIn } from '../../testing';

describe('Work limits (docs/PRODUCT.md "Work limits")', () => {
  let server: MockApi;
  let restoreWidth: () => void;
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    restoreWidth = setScreenWidth(PHONE_WIDTH);
    server = mockApi({
      'POST /user/getLogs': { data: [] },
      'GET /user/workLimits': { data: { ...DEFAULT_WORK_LIMITS, awayDates: [{ from: '2026-12-24', to: '2026-12-26' }], maxWeekMinutes: 2400 } },
      'POST /user/saveWorkLimits': (call) => ({ data: (call.body as { workLimits: unknown }).workLimits }),
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    restoreWidth();
    server.restore();
    jest.useRealTimers();
  });

  const saves = () => server.callsTo('POST /user/saveWorkLimits').map((c) => (c.body as { workLimits: typeof DEFAULT_WORK_LIMITS }).workLimits);

  it('shows the saved limits in hours, adds a single away day, and saves them in minutes and cents', async () => {
    renderApp('/dashboard/settings', createMockSession());
    await flush();
    const form = screen.getByRole('form', { name: 'Work limits' });
    expect(within(form).getByLabelText('Most hours a week')).toHaveValue('40');
    expect(within(form).getByRole('list', { name: 'Away dates' })).toHaveTextContent(/Dec 24 to .*Dec 26/);
    fireEvent.change(within(form).getByLabelText('Away from'), { target: { value: '2026-12-10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add away dates' }));
    fireEvent.change(within(form).getByLabelText('Most hours a day'), { target: { value: '7.5' } });
    fireEvent.change(within(form).getByLabelText('Weekly pay goal'), { target: { value: '1200.50' } });
    fireEvent.change(within(form).getByLabelText('Buffer (minutes)'), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save work limits' }));
    await flush();
    expect(saves()).toEqual([
      {
        awayDates: [
          { from: '2026-12-10', to: '2026-12-10' },
          { from: '2026-12-24', to: '2026-12-26' },
        ],
        maxDayMinutes: 450,
        maxWeekMinutes: 2400,
        weeklyPayGoalCents: 120_050,
        travelBufferMinutes: 15,
        averageSpeedKmh: 40,
      },
    ]);
  });

  it('says what is wrong under each field and sends nothing', async () => {
    renderApp('/dashboard/settings', createMockSession());
    await flush();
    const form = screen.getByRole('form', { name: 'Work limits' });
    fireEvent.change(within(form).getByLabelText('Most hours a day'), { target: { value: '7.25' } });
    fireEvent.change(within(form).getByLabelText('Average speed (km/h)'), { target: { value: '500' } });
    fireEvent.change(within(form).getByLabelText('Weekly pay goal'), { target: { value: 'lots' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save work limits' }));
    await flush();
    expect(within(form).getByText('Enter hours from 0 to 24, in half hours.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole number from 10 to 130.')).toBeInTheDocument();
    expect(within(form).getByText('Enter an amount of 0 or more, with at most two decimals.')).toBeInTheDocument();
    // An away range may not end before it starts.
    fireEvent.change(within(form).getByLabelText('Away from'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(form).getByLabelText('Until (optional)'), { target: { value: '2026-12-09' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add away dates' }));
    expect(within(form).getByText('Choose a first day, and an end that is not before it.')).toBeInTheDocument();
    expect(saves()).toEqual([]);
  });

  describe('in Spanish', () => {
    inSpanish();

    it('labels the form and says what is wrong in Spanish', async () => {
      await renderAppIn('/dashboard/settings', createMockSession());
      await flush();
      const form = screen.getByRole('form', { name: 'Límites de trabajo' });
      fireEvent.change(within(form).getByLabelText('Máximo de horas por semana'), { target: { value: '200' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Guardar límites de trabajo' }));
      await flush();
      expect(within(form).getByText('Escribe horas de 0 a 168, en medias horas.')).toBeInTheDocument();
      expect(saves()).toEqual([]);
    });
  });
});
