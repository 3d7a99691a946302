import { MockProviders, routeRenderedAt } from '@blockpilot/shared/mock';
import { render } from '@testing-library/react';
import App from './App';

const routeAt = (path: string) => {
  const { container } = render(
    <MockProviders initialPath={path}>
      <App />
    </MockProviders>,
  );
  return routeRenderedAt(container, 'mf_dashboard');
};

describe('mf_dashboard routes (SPEC.md section 2)', () => {
  it.each([
    ['/connectAccount', '/connectAccount'],
    ['/dashboard/settings', '/dashboard/settings'],
    ['/dashboard/logs', '/dashboard/logs'],
    ['/dashboard', '/dashboard'],
    ['/dashboard/unknown', '/dashboard'],
  ])('%s renders %s', (path, route) => {
    expect(routeAt(path)).toBe(route);
  });
});
