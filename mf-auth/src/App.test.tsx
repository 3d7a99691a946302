import { createMockSession, MockProviders, routeRenderedAt } from '@blockpilot/shared/mock';
import { render } from '@testing-library/react';
import App from './App';

const routeAt = (path: string) => {
  const { container } = render(
    <MockProviders initialPath={path} session={createMockSession({ accessToken: null, account: null, ready: false })}>
      <App />
    </MockProviders>,
  );
  return routeRenderedAt(container, 'mf_auth');
};

describe('mf_auth routes (docs/PRODUCT.md section 2)', () => {
  it.each([
    ['/login', '/login'],
    ['/register', '/register'],
    ['/resetPassword', '/resetPassword'],
    ['/resetPassword/some-token', '/resetPassword/{accessToken}'],
    // Without a token on the change form (or with anything else under it): the request form.
    ['/resetPassword/some-token/extra', '/resetPassword'],
  ])('%s renders %s', (path, route) => {
    expect(routeAt(path)).toBe(route);
  });
});
