/**
 * A page opened in Spanish before this remote's Spanish texts are in (docs/FRONTEND.md,
 * "Languages"): its screen waits under the remote's own Suspense boundary, which says so in the
 * shared kit's words, instead of flashing English or blanking. The remote is imported only after
 * the switch, so its catalog is not loaded when its screen first renders.
 */
import { switchLanguage } from '@blockpilot/shared/i18n';
import { createMockSession, mockApi, renderRemote, type MockApi } from '@blockpilot/shared/mock';
import { act, cleanup, screen } from '@testing-library/react';

describe('the remote opened in a language whose texts are still on their way', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockApi({ 'POST /user/getLogs': { data: [] } });
  });
  afterEach(async () => {
    cleanup();
    server.restore();
    await act(() => switchLanguage('en'));
  });

  it('shows "Un momento" until they arrive, then the screen in Spanish, never in English', async () => {
    await act(() => switchLanguage('es'));
    const { default: App } = await import('../App');
    const shown: string[] = [];
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) for (const node of mutation.addedNodes) shown.push(node.textContent ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await act(async () => {
      renderRemote(App, '/dashboard/settings', createMockSession());
    });
    observer.disconnect();
    expect(screen.getByRole('heading', { level: 2, name: 'Tu filtro' })).toBeInTheDocument();
    expect(shown.join('\n')).toContain('Un momento');
    expect(shown.join('\n')).not.toMatch(/Your filter|Hi, /);
  });
});
