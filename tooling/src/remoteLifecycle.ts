/**
 * Every remote's single-spa lifecycle (exposed as `./lifecycle`), built around its routes
 * (`src/App.tsx`, reached through the `@blockpilot/remote-app` alias the config factory points at
 * the remote being built). One file for all remotes: see @blockpilot/shared/lifecycle.
 */
import { createRemoteLifecycle } from '@blockpilot/shared/lifecycle';
import App from '@blockpilot/remote-app';

export const { bootstrap, mount, unmount } = createRemoteLifecycle(App);
