/**
 * Renders a remote's routes inside the shell's tree. Loading, a failed load (server down, 404,
 * script error) and a render crash each end in a state the driver can act on; a retry loads the
 * remote again. The rest of the shell keeps working whatever happens here: a prerendered page
 * stays readable when its remote fails, and the dashboard's Stop stays reachable in the shell.
 * A remote whose screen waits for its texts in a newly chosen language (it suspends,
 * docs/FRONTEND.md "Languages") keeps what was shown before it: the prerendered page, or the spinner.
 * What the driver sees is the release's vote on its health (docs/RELEASES.md "Canary"): healthy
 * once its first screen committed, failed when it did not load or threw while rendering.
 */
import { PRERENDERED_ATTRIBUTE, type RemoteName } from '@blockpilot/shared';
import {
  Component,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { diagnoseLoadFailure, type RemoteFailure } from './diagnose';
import { reportOutcome } from './loadVotes';
import { discardPrerenderedPage, forgetPrerenderedFocus, internalLinkOf, prerenderedPageFor, restorePrerenderedFocus } from './prerenderedPage';
import { PrerenderedPageNotice, RemoteFallback } from './RemoteFallback';
import { RemoteLoading } from './RemoteLoading';
import { loadRemoteApp, manifestUrlOf } from './remotes';
import { ShellSearchStop } from './ShellSearchStop';

/** `failure` is null while the shell is still finding out why. */
type LoadState = { kind: 'loading' } | { kind: 'ready'; App: ComponentType } | { kind: 'failed'; failure: RemoteFailure | null };

/** What the shell keeps offering while a remote is down. */
const KEPT_IN_SHELL: Partial<Record<RemoteName, ComponentType>> = { mf_dashboard: ShellSearchStop };

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

async function diagnoseRemote(name: string): Promise<RemoteFailure> {
  return diagnoseLoadFailure(await manifestUrlOf(name));
}

/** Renders nothing; its effect runs once the remote's first screen committed (not while it suspends). */
function FirstCommit({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/** Renders after the live page's first commit: puts focus back where it was on the static copy. */
function FocusHandOver({ root }: { root: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    restorePrerenderedFocus(root.current);
    forgetPrerenderedFocus();
  }, [root]);
  return null;
}

export interface RemoteAppProps {
  name: string;
  loader?: typeof loadRemoteApp;
  /** Why a load failed (tests stand in for the servers). */
  diagnose?: (name: string) => Promise<RemoteFailure>;
  /** Where the outcome of each load goes: the release's vote. */
  report?: typeof reportOutcome;
}

export function RemoteApp({ name, loader = loadRemoteApp, diagnose = diagnoseRemote, report = reportOutcome }: RemoteAppProps) {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Read once: the static copy stands in for the page it was made for while it loads, and stays
  // when its remote fails (its text and links work without it).
  const [prerendered] = useState(() => {
    const html = prerenderedPageFor(name);
    return html === null ? null : { html, pathname: window.location.pathname };
  });
  const { pathname } = useLocation();
  const staticRoot = useRef<HTMLDivElement>(null);
  const liveRoot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    loader(name, { retry: attempt > 0 }).then(
      // A transition: React renders the remote's first screen (the biggest render of a page
      // load) in short slices, so a phone's main thread is not blocked for its whole length.
      (App) => live && startTransition(() => setState({ kind: 'ready', App })),
      async (error: unknown) => {
        // The runtime's own words are for developers; the driver gets the diagnosis.
        console.error(`[shell] remote ${name} failed to load`, error);
        report(name, { failed: true, stage: 'load', error });
        if (!live) return;
        setState({ kind: 'failed', failure: null });
        const failure = await diagnose(name);
        if (live) setState({ kind: 'failed', failure });
      },
    );
    return () => {
      live = false;
    };
  }, [name, attempt, loader, diagnose, report]);

  useEffect(() => {
    if (state.kind !== 'loading') discardPrerenderedPage();
  }, [state.kind]);

  // React's boot replaced the server's markup with this copy: focus goes back where it was.
  useLayoutEffect(() => {
    if (prerendered) restorePrerenderedFocus(staticRoot.current);
  }, [prerendered]);

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
  const fail = useCallback(
    (error: Error) => {
      console.error('[shell] remote crashed while rendering', error);
      report(name, { failed: true, stage: 'render', error });
      setState({ kind: 'failed', failure: { kind: 'broken' } });
    },
    [name, report],
  );
  const rendered = useCallback(() => report(name, { failed: false }), [name, report]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // Only on the path it was made for: the remote's other pages have no static copy.
  const staticPage = prerendered?.pathname === pathname && (
    // The same markup the visitor already sees, so nothing moves until the live page replaces it.
    <div ref={staticRoot} {...{ [PRERENDERED_ATTRIBUTE]: '' }} style={{ display: 'contents' }} onClick={followLink} dangerouslySetInnerHTML={{ __html: prerendered.html }} />
  );

  const loading = staticPage || <RemoteLoading />;
  if (state.kind === 'loading') return loading;
  if (state.kind === 'failed') {
    if (staticPage) {
      return (
        <>
          <PrerenderedPageNotice failure={state.failure} onRetry={retry} />
          {staticPage}
        </>
      );
    }
    const Kept = KEPT_IN_SHELL[name as RemoteName];
    return (
      <RemoteFallback remote={name} failure={state.failure} onRetry={retry}>
        {Kept && <Kept />}
      </RemoteFallback>
    );
  }
  return (
    // The marker says which remote rendered this part of the page (for people and browser tests).
    <div ref={liveRoot} data-remote-root={name} style={{ display: 'contents' }}>
      <RenderBoundary key={attempt} onError={fail}>
        <Suspense fallback={loading}>
          <state.App />
          <FirstCommit onCommit={rendered} />
          {prerendered && <FocusHandOver root={liveRoot} />}
        </Suspense>
      </RenderBoundary>
    </div>
  );
}
