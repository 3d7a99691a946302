/**
 * A remote's single-spa lifecycle (bootstrap/mount/unmount) for its standalone preview page. It
 * mounts its own React root with its own providers and a hash router, because a preview page is
 * served from the remote's folder, not from the app's routes. Inside the shell, remotes render as
 * components instead (one router, one theme, one session).
 */
import React, { type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import { sharedText } from './i18n/sharedMessages';
import { AppProviders } from './ui/AppProviders';

export function createRemoteLifecycle(App: ComponentType) {
  function Standalone() {
    return (
      <AppProviders>
        <HashRouter>
          <App />
        </HashRouter>
      </AppProviders>
    );
  }
  return singleSpaReact({
    React,
    ReactDOMClient: { createRoot },
    rootComponent: Standalone,
    errorBoundary: (error: Error) => <p role="alert">{sharedText('previewFailed', { message: error.message })}</p>,
  });
}
