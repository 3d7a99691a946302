/** Mounts this remote alone, through its single-spa lifecycle, so its team can run and stage its screens. */
import { bootstrap, mount } from './lifecycle';

const props = { name: 'mf_admin', domElement: document.getElementById('root')!, singleSpa: {}, mountParcel: () => undefined };
void bootstrap(props as never).then(() => mount(props as never));
