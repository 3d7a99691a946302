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
});
