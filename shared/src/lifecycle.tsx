/**
 * A remote's single-spa lifecycle (bootstrap/mount/unmount) for its standalone preview page. It
 * mounts its own React root with its own providers and a hash router, because a preview page is
 * served from the remote's folder, not from the app's routes. Inside the shell, remotes render as
 * components instead (one router, one theme, one session).
 *
 * A host that mounts a remote through it may pass `onOutcome` among single-spa's custom props to
 * learn what the driver saw, as the shell learns it of the remotes it renders (docs/RELEASES.md
 * "Canary"): the first screen committed, or a failure while mounting or rendering, with its error.
 * The standalone preview page passes none: a preview never votes.
 */
import React, { Component, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import { sharedText } from './i18n/sharedMessages';
import type { LoadOutcome } from './types';
import { AppProviders } from './ui/AppProviders';

/** The custom props a host may mount a remote with. */
export interface RemoteLifecycleProps {
  onOutcome?: (outcome: LoadOutcome) => void;
}

/** Shows what broke (the preview page is for the remote's team) and tells the host it failed while rendering. */
class ReportingBoundary extends Component<RemoteLifecycleProps & { children?: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    this.props.onOutcome?.({ failed: true, stage: 'render', error });
  }
  override render() {
    return this.state.error ? <p role="alert">{sharedText('previewFailed', { message: this.state.error.message })}</p> : this.props.children;
  }
}

/** Renders nothing; its effect runs once the remote's first screen committed. */
function Rendered({ onOutcome }: RemoteLifecycleProps) {
  useEffect(() => onOutcome?.({ failed: false }), [onOutcome]);
  return null;
}

export function createRemoteLifecycle(App: ComponentType) {
  function Standalone({ onOutcome }: RemoteLifecycleProps) {
    return (
      <AppProviders>
        <HashRouter>
          <App />
          <Rendered onOutcome={onOutcome} />
        </HashRouter>
      </AppProviders>
    );
  }
  const lifecycle = singleSpaReact({ React, ReactDOMClient: { createRoot }, rootComponent: Standalone, errorBoundaryClass: ReportingBoundary });
  return {
    bootstrap: lifecycle.bootstrap,
    /** A mount that fails (no element to mount in, React refusing) is told to the host too. */
    mount: (props: Parameters<typeof lifecycle.mount>[0] & RemoteLifecycleProps) =>
      lifecycle.mount(props).catch((error: unknown) => {
        props.onOutcome?.({ failed: true, stage: 'mount', error });
        throw error;
      }),
    unmount: lifecycle.unmount,
  };
}
