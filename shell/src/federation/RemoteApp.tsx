/**
 * Renders a remote's routes inside the shell's tree. Loading, a failed load (server down, 404,
 * script error) and a render crash each end in a state the driver can act on; a retry loads the
 * remote again. The rest of the shell keeps working whatever happens here.
 */
import { PRERENDERED_ATTRIBUTE } from '@blockpilot/shared';
import { Spinner } from '@blockpilot/shared/ui';
import { Component, startTransition, useCallback, useEffect, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { discardPrerenderedPage, internalLinkOf, prerenderedPageFor } from './prerenderedPage';
import { RemoteFallback } from './RemoteFallback';
import { loadRemoteApp } from './remotes';

type LoadState = { kind: 'loading' } | { kind: 'ready'; App: ComponentType } | { kind: 'failed'; error: Error };

class RenderBoundary extends Component<{ onError: (error: Error) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function RemoteApp({ name, loader = loadRemoteApp }: { name: string; loader?: typeof loadRemoteApp }) {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Read once: the static copy only stands in for the first load of the page it was made for.
  const [prerendered] = useState(() => prerenderedPageFor(name));

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    loader(name, { retry: attempt > 0 }).then(
      // A transition: React renders the remote's first screen (the biggest render of a page
      // load) in short slices, so a phone's main thread is not blocked for its whole length.
      (App) => live && startTransition(() => setState({ kind: 'ready', App })),
      (error: unknown) => {
        console.error(`[shell] remote ${name} failed to load`, error);
        if (live) setState({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      live = false;
    };
  }, [name, attempt, loader]);

  useEffect(() => {
    if (state.kind !== 'loading') discardPrerenderedPage();
  }, [state.kind]);

  const navigate = useNavigate();
  // The static copy's links are plain anchors: followed through the router, they keep the app.
  const followLink = useCallback(
    (event: MouseEvent) => {
      const href = internalLinkOf(event.nativeEvent);
      if (href === null) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
  const fail = useCallback((error: Error) => setState({ kind: 'failed', error }), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.kind === 'loading') {
    // The same markup the visitor already sees, so nothing moves until the live page replaces it.
    if (prerendered) {
      return <div {...{ [PRERENDERED_ATTRIBUTE]: '' }} style={{ display: 'contents' }} onClick={followLink} dangerouslySetInnerHTML={{ __html: prerendered }} />;
    }
    return <Spinner label="Loading…" />;
  }
  if (state.kind === 'failed') return <RemoteFallback remote={name} error={state.error} onRetry={retry} />;
  return (
    // The marker says which remote rendered this part of the page (for people and browser tests).
    <div data-remote-root={name} style={{ display: 'contents' }}>
      <RenderBoundary key={attempt} onError={fail}>
        <state.App />
      </RenderBoundary>
    </div>
  );
}
