/**
 * Mounts the remote alone through its single-spa lifecycle, so its team can run and stage its
 * screens without the shell.
 */
import { bootstrap, mount } from './remoteLifecycle';

declare const __BLOCKPILOT_REMOTE_NAME__: string;

const props = { name: __BLOCKPILOT_REMOTE_NAME__, domElement: document.getElementById('root')!, singleSpa: {}, mountParcel: () => undefined };
void bootstrap(props as never).then(() => mount(props as never));
