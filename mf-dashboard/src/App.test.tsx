import { mockApi, routeRenderedAt, type MockApi } from '@blockpilot/shared/mock';
import { cleanup, screen } from '@testing-library/react';
import { flush, renderApp } from './testing';

describe('mf_dashboard routes (docs/PRODUCT.md section 2)', () => {
  let server: MockApi;
  beforeEach(() => {
    jest.useFakeTimers();
    server = mockApi({
      'POST /user/getLogs': { data: [] },
      'POST /user/connectAccount': { status: 400, body: { challenge_session: { challenge_url: 'https://x', code_verifier: 'v' } } },
    });
  });
  afterEach(() => {
    cleanup();
    server.restore();
    jest.useRealTimers();
  });

  it('/connectAccount is the Connect Account page', async () => {
    const { container } = renderApp('/connectAccount');
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Connect Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take me to Amazon' })).toBeInTheDocument();
    expect(routeRenderedAt(container, 'mf_dashboard')).toBe('/connectAccount');
  });

  it.each([
    ['/dashboard/settings', '/dashboard/settings', 'Your filter'],
    ['/dashboard/logs', '/dashboard/logs', 'Logs'],
    ['/dashboard', '/dashboard', 'Your filter'],
    ['/dashboard/unknown', '/dashboard', 'Your filter'],
  ])('%s is the dashboard (%s) showing "%s" with the Start/Stop control', async (path, route, panel) => {
    const { container } = renderApp(path);
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Dana Driver' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: panel })).toBeVisible();
    expect(routeRenderedAt(container, 'mf_dashboard')).toBe(route);
  });
});
