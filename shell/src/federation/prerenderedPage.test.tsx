import { MockProviders } from '@blockpilot/shared/mock';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { capturePrerenderedPage, discardPrerenderedPage } from './prerenderedPage';
import { RemoteApp } from './RemoteApp';

const PRERENDERED = '<main><h1>Never miss a block again</h1><a href="/register">Try free</a><a href="https://elsewhere.test/">Elsewhere</a></main>';

/** The page as the server sends it: the landing page in the shell's outlet. */
function serverPage(remote = 'mf_landing') {
  document.body.innerHTML = `<div id="root"><div data-prerendered style="display:contents"><div data-prerendered-outlet="${remote}">${PRERENDERED}</div></div></div>`;
}

/** What the shell's boot does: read the static page, which React's first render then replaces. */
function boot() {
  const captured = capturePrerenderedPage();
  document.body.innerHTML = '';
  return captured;
}

function Live() {
  return <p>live landing</p>;
}

describe('the prerendered page while its remote loads', () => {
  afterEach(() => {
    discardPrerenderedPage();
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it('stands in for the spinner, then gives way to the live remote and is not shown again', async () => {
    serverPage();
    expect(boot()).toEqual({ remote: 'mf_landing', pathname: '/', html: PRERENDERED });
    let resolve!: (app: typeof Live) => void;
    const loader = jest.fn(() => new Promise<typeof Live>((r) => (resolve = r)));
    const { unmount } = render(
      <MockProviders>
        <RemoteApp name="mf_landing" loader={loader} />
      </MockProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Never miss a block again' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    resolve(Live);
    expect(await screen.findByText('live landing')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Never miss a block again' })).not.toBeInTheDocument();
    unmount();

    // A later visit to the page (client-side) loads normally: the static copy was for the first paint only.
    render(
      <MockProviders>
        <RemoteApp name="mf_landing" loader={() => new Promise(() => undefined)} />
      </MockProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('follows its links through the router, so the app is kept; other sites are left to the browser', () => {
    serverPage();
    boot();
    function Where() {
      return <output>{useLocation().pathname}</output>;
    }
    render(
      <MockProviders>
        <RemoteApp name="mf_landing" loader={() => new Promise(() => undefined)} />
        <Where />
      </MockProviders>,
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(true);
    expect(document.querySelector('output')).toHaveTextContent('/');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Try free' }))).toBe(false);
    expect(document.querySelector('output')).toHaveTextContent('/register');
  });

  it('is only used by the remote it was made for, at the path it was made for', () => {
    serverPage();
    boot();
    render(
      <MockProviders>
        <RemoteApp name="mf_auth" loader={() => new Promise(() => undefined)} />
      </MockProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    window.history.pushState({}, '', '/askAQuestion');
    render(
      <MockProviders>
        <RemoteApp name="mf_landing" loader={() => new Promise(() => undefined)} />
      </MockProviders>,
    );
    expect(screen.queryByRole('heading', { name: 'Never miss a block again' })).not.toBeInTheDocument();
    window.history.pushState({}, '', '/');
  });

  it('is ignored for a signed-in driver and when the page has no prerendered content', () => {
    localStorage.setItem('acccessToken', 'token');
    serverPage();
    expect(capturePrerenderedPage()).toBeNull();
    localStorage.clear();
    document.body.innerHTML = '<div id="root"></div>';
    expect(capturePrerenderedPage()).toBeNull();
  });

  it('stays readable when its remote fails: a notice says what failed, the links keep working', async () => {
    serverPage();
    boot();
    const loader = jest.fn().mockRejectedValueOnce(new Error('RUNTIME-003 manifestUrl')).mockResolvedValueOnce(Live);
    const diagnose = async () => ({ kind: 'serverError', status: 503 }) as const;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MockProviders>
        <RemoteApp name="mf_landing" loader={loader} diagnose={diagnose} />
      </MockProviders>,
    );
    expect(await screen.findByText(/answered with an error \(503\)\. This is not your connection/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Never miss a block again' })).toBeInTheDocument();
    expect(screen.queryByText(/RUNTIME-003/)).not.toBeInTheDocument();
    expect(fireEvent.click(screen.getByRole('link', { name: 'Try free' }))).toBe(false);
  });

  it('a retry after the failure brings the live page', async () => {
    serverPage();
    boot();
    const loader = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(Live);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MockProviders>
        <RemoteApp name="mf_landing" loader={loader} diagnose={async () => ({ kind: 'offline' })} />
      </MockProviders>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('live landing')).toBeInTheDocument();
  });

  it('keeps keyboard focus on the same control when React replaces the static page, and when the live page takes over', async () => {
    serverPage();
    (document.querySelector('a[href="/register"]') as HTMLElement).focus();
    boot(); // the static markup is gone: focus fell back to the body
    expect(document.activeElement).toBe(document.body);
    let resolve!: (app: ComponentType) => void;
    const loader = jest.fn(() => new Promise<ComponentType>((r) => (resolve = r)));
    render(
      <MockProviders>
        <RemoteApp name="mf_landing" loader={loader} />
      </MockProviders>,
    );
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Try free' }));

    resolve(() => (
      <main>
        <a href="/register">Try free</a>
      </main>
    ));
    await screen.findByRole('main');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Try free' })));
  });
});
