import { waitFor } from '@testing-library/react';
import type React from 'react';
import { useLocation } from 'react-router-dom';
import { createRemoteLifecycle } from './lifecycle';
import { useSession } from './session/context';

function Probe() {
  const { pathname } = useLocation();
  const { accessToken } = useSession();
  return (
    <p>
      preview at {pathname} token={String(accessToken)}
    </p>
  );
}

describe("a remote's single-spa lifecycle (standalone preview)", () => {
  // single-spa-react resolves mount() once React has rendered; under act() that render would wait
  // for the test's own promise, so this test lets React schedule as it does in a real page.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeAll(() => (actEnvironment.IS_REACT_ACT_ENVIRONMENT = false));
  afterAll(() => (actEnvironment.IS_REACT_ACT_ENVIRONMENT = true));

  it('bootstraps, mounts with its own router and session, and unmounts', async () => {
    const lifecycle = createRemoteLifecycle(Probe);
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const props = { name: 'mf_test', domElement, singleSpa: {}, mountParcel: () => undefined } as never;
    window.location.hash = '#/login';

    await lifecycle.bootstrap(props);
    await lifecycle.mount(props);
    expect(domElement.textContent).toBe('preview at /login token=null');

    await lifecycle.unmount(props);
    expect(domElement.textContent).toBe('');
  });

  describe('tells a host that passes onOutcome what the driver saw (docs/RELEASES.md "Canary")', () => {
    const mountWith = async (App: () => React.JSX.Element, domElement: unknown) => {
      const onOutcome = jest.fn();
      const lifecycle = createRemoteLifecycle(App);
      const props = { name: `mf_test_${Math.random()}`, domElement, singleSpa: {}, mountParcel: () => undefined, onOutcome } as never;
      await lifecycle.bootstrap(props);
      const mounted = lifecycle.mount(props);
      return { onOutcome, mounted, unmount: () => lifecycle.unmount(props) };
    };
    const element = () => document.body.appendChild(document.createElement('div'));

    it('that its first screen committed', async () => {
      const { onOutcome, mounted, unmount } = await mountWith(Probe, element());
      await mounted;
      await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ failed: false }));
      expect(onOutcome).toHaveBeenCalledTimes(1);
      await unmount();
    });

    it('that it threw while rendering, and never that it rendered', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const crash = new TypeError("Cannot read properties of null (reading 'useCallback')");
      const Crashing = (): never => {
        throw crash;
      };
      const domElement = element();
      const { onOutcome, mounted, unmount } = await mountWith(Crashing, domElement);
      await mounted;
      await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ failed: true, stage: 'render', error: crash }));
      expect(onOutcome).not.toHaveBeenCalledWith({ failed: false });
      expect(domElement.querySelector('[role="alert"]')).not.toBeNull();
      await unmount();
    });

    it('that it could not mount, and rejects the mount', async () => {
      const { onOutcome, mounted } = await mountWith(Probe, 'not an element');
      await expect(mounted).rejects.toThrow(/invalid dom element/);
      expect(onOutcome).toHaveBeenCalledWith({ failed: true, stage: 'mount', error: expect.any(Error) });
    });
  });
});
