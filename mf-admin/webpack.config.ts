import { createRemoteConfig } from '@blockpilot/tooling/webpack';

// Name and dev port: the REMOTES list in @blockpilot/shared/constants, by this folder's name.
export default createRemoteConfig({
  dir: __dirname,
  title: 'BlockPilot preview: Operator console',
});
