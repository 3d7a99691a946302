/**
 * platform-sim: a simulator of the delivery platform's wire protocol (docs/PLATFORM.md), to embed in
 * tests (`await createSimulator(options).listen()`, or `app.inject(...)` where light-my-request
 * loads) or to run standalone (cli.ts).
 */
import type { FastifyInstance } from 'fastify';
import { createControl } from './control.js';
import { buildServer } from './server.js';
import type { SimulatorControl, SimulatorOptions } from './types.js';
import { SimulatorRuntime } from './world.js';

export type * from './types.js';
export { InputError } from './validate.js';
export { codeChallengeFor } from './auth/pkce.js';
export { userIdForEmail } from './accounts.js';
export { CONTROL_PREFIX } from './controlRoutes.js';

/** Where to listen. */
export interface ListenOptions {
  /** Port; 0 (default) picks a free one. */
  port?: number;
  /** Interface; default 127.0.0.1. */
  host?: string;
}

/** A running (or ready-to-run) simulator. */
export interface Simulator {
  /** The Fastify instance (use `app.inject` to call it without a port). */
  readonly app: FastifyInstance;
  /** The control operations, in-process (same as the HTTP control API). */
  readonly control: SimulatorControl;
  /** Starts listening; resolves to the base URL, e.g. "http://127.0.0.1:4010". */
  listen(options?: ListenOptions): Promise<string>;
  /** The base URL once listening, else null. */
  readonly url: string | null;
  /** Stops listening and closes connections. */
  close(): Promise<void>;
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const runtime = new SimulatorRuntime(options);
  const control = createControl(runtime);
  const app = buildServer(runtime, control);
  let url: string | null = null;
  return {
    app,
    control,
    get url() {
      return url;
    },
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      // A wildcard address is not something to connect to: show the loopback of the same family.
      const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
      const shownHost = reachable.includes(':') ? `[${reachable}]` : reachable;
      url = `http://${shownHost}:${actualPort}`;
      return url;
    },
    async close() {
      await app.close();
      url = null;
    },
  };
}
