/**
 * Every remote's single-spa lifecycle (exposed as `./lifecycle`), built around its routes
 * (`src/App.tsx`, reached through the `@blockpilot/remote-app` alias the config factory points at
 * the remote being built). One file for all remotes: see @blockpilot/shared/lifecycle. A host that
 * mounts it with an `onOutcome` prop hears of a failed mount and of a render crash (with the error)
 * or a first screen committed: the inputs of the canary guard (docs/RELEASES.md "Canary").
 */
import { createRemoteLifecycle } from '@blockpilot/shared/lifecycle';
import App from '@blockpilot/remote-app';

export const { bootstrap, mount, unmount } = createRemoteLifecycle(App);
