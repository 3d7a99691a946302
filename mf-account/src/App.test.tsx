import { MockProviders, routeRenderedAt } from '@blockpilot/shared/mock';
import { render } from '@testing-library/react';
import App from './App';

const routeAt = (path: string) => {
  const { container } = render(
    <MockProviders initialPath={path}>
      <App />
    </MockProviders>,
  );
  return routeRenderedAt(container, 'mf_account');
};

describe('mf_account routes (SPEC.md section 2)', () => {
  it.each([
    ['/account', '/account'],
    ['/account/inviteCode', '/account/inviteCode'],
    ['/account/notificationPreferences', '/account/notificationPreferences'],
    ['/account/credit', '/account/credit'],
    ['/account/processingPurchase/order-7', '/account/processingPurchase/{orderStatusId}'],
    ['/account/purchaseCompleted', '/account/purchaseCompleted'],
    ['/account/other', '/account'],
  ])('%s renders %s', (path, route) => {
    expect(routeAt(path)).toBe(route);
  });
});
