import { createMockSession, mockApi, MockProviders, routeRenderedAt, type MockApi } from '@blockpilot/shared/mock';
import { render } from '@testing-library/react';
import App from './App';

const signedOut = () => createMockSession({ accessToken: null, account: null, ready: false });

const routeAt = (path: string, session = signedOut()) => {
  const { container } = render(
    <MockProviders initialPath={path} session={session}>
      <App />
    </MockProviders>,
  );
  return routeRenderedAt(container, 'mf_landing');
};

describe('mf_landing routes (docs/PRODUCT.md section 2)', () => {
  // The knowledge base loads on render; these tests are about routes, so its answer never comes.
  let server: MockApi;
  beforeEach(() => {
    server = mockApi({ 'GET /knowledgeBase/': () => new Promise(() => undefined), 'GET /publicConfig': () => new Promise(() => undefined) });
  });
  afterEach(() => server.restore());

  it.each([
    ['/', '/'],
    ['/promotionOptOut/user-1', '/promotionOptOut/{userId}'],
    ['/askAQuestion', '/askAQuestion'],
    ['/terms', '/terms'],
    ['/privacy', '/privacy'],
    ['/invite/FRIEND42', '/'],
    ['/any/other/path', '/'],
    // Signed-in pages are the landing page for a visitor.
    ['/help', '/'],
    ['/knowledgeBase', '/'],
  ])('signed out, %s renders %s', (path, route) => {
    expect(routeAt(path)).toBe(route);
  });

  it.each([
    ['/help', '/help'],
    ['/knowledgeBase', '/knowledgeBase'],
  ])('signed in, %s renders %s', (path, route) => {
    expect(routeAt(path, createMockSession())).toBe(route);
  });
});
