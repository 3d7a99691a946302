/** Types shared by the browser tests' setup and the tests themselves. */

/** Where the product and its helper hosts run during a test run (written by globalSetup). */
export interface RunningProduct {
  /** The product's origin, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** Origin of the separately hosted mf_auth remote (stopped and started by tests). */
  authRemoteUrl: string;
  authRemotePort: number;
  /** An origin on the preview allow-list serving a build of mf_landing. */
  stagingUrl: string;
  /** An origin not on the allow-list serving the same build. */
  foreignUrl: string;
  /** The embedded delivery-platform simulator's base URL (its control API is under /__control). */
  platformSimulatorUrl: string;
  /** PID of the product's server process. */
  serverPid: number;
  /** Folder for screenshots, the processes' logs and other artifacts. */
  artifactsDir: string;
  /** Where tests remember the secrets they used (src/support/secrets.ts), outside the artifacts. */
  secretsFile: string;
  /** This run's own temporary folder (data, secrets), removed at the end. */
  runDir: string;
}
