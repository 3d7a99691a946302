/** single-spa lifecycle of this remote, for its standalone preview (see @blockpilot/shared/lifecycle). */
import { createRemoteLifecycle } from '@blockpilot/shared/lifecycle';
import App from './App';

export const { bootstrap, mount, unmount } = createRemoteLifecycle(App);
