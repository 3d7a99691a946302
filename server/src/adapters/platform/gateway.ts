/**
 * The platform as the server's features reach it: one {@link PlatformClient} per region, built
 * lazily from the configuration. Regions with the same hosts (the embedded simulator serves all
 * three) share one client, so they share one pool of keep-alive connections.
 */
import { createPlatformClient } from './client.js';
import type { PlatformRegion } from '@blockpilot/shared/constants';
import type { PlatformConfig } from './config.js';
import type { PlatformClient, PlatformEndpoints } from './types.js';

/** The platform clients of every region. */
export interface PlatformGateway {
  /** The client of a region's hosts (the same object on every call). */
  client(region: PlatformRegion): PlatformClient;
  /** Closes every client's connections. */
  close(): Promise<void>;
}

function hostsKey(endpoints: PlatformEndpoints): string {
  return JSON.stringify([endpoints.signIn, endpoints.tokens, endpoints.work, endpoints.assocHandle ?? '']);
}

/**
 * A gateway over the configured regions; `now` is the clock of token lifetimes (default Date.now);
 * `extraWorkHeaders` go on every work call (the simulator's `x-sim-client`; none for the real platform).
 */
export function createPlatformGateway(
  config: Pick<PlatformConfig, 'regions' | 'timeoutMs' | 'connectionsPerOrigin'>,
  now: () => number = Date.now,
  extraWorkHeaders?: Readonly<Record<string, string>>,
): PlatformGateway {
  const byHosts = new Map<string, PlatformClient>();
  return {
    client(region) {
      const endpoints = config.regions[region];
      const key = hostsKey(endpoints);
      let client = byHosts.get(key);
      if (!client) {
        client = createPlatformClient({
          endpoints,
          timeoutMs: config.timeoutMs,
          connectionsPerOrigin: config.connectionsPerOrigin,
          now,
          ...(extraWorkHeaders ? { extraWorkHeaders } : {}),
        });
        byHosts.set(key, client);
      }
      return client;
    },
    async close() {
      const clients = [...byHosts.values()];
      byHosts.clear();
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}
