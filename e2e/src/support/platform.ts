/**
 * The embedded delivery-platform simulator as the browser tests drive it: where it runs (the
 * product says so at GET /dev/platform) and its control API, to put offers on the board.
 */

/** The simulator's base URL, from the running product (embedded mode, asked from this machine). */
export async function embeddedSimulatorUrl(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/dev/platform`);
  const body = (await res.json()) as { data?: { simulatorUrl?: string } };
  if (!res.ok || !body.data?.simulatorUrl) throw new Error(`the product did not say where its platform simulator is: ${res.status} ${JSON.stringify(body)}`);
  return body.data.simulatorUrl;
}

/** An offer to put on the board (the simulator's InjectOfferInput; every field optional). */
export interface OfferToInject {
  serviceAreaId?: string;
  offerId?: string;
  startTime?: number;
  durationHours?: number;
  priceAmount?: number;
  /** The platform marks the offer hidden: never to be accepted. */
  hidden?: boolean;
  /** A rival takes the offer this long after it was put on the board. */
  rivalDelayMs?: number;
}

/** Puts an offer on the simulator's board now. */
export async function injectOffer(simulatorUrl: string, offer: OfferToInject): Promise<void> {
  const res = await fetch(`${simulatorUrl}/__control/offers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(offer) });
  if (!res.ok) throw new Error(`injecting an offer failed: ${res.status} ${await res.text()}`);
}

/** A fault rule of the simulator (platform-sim/README.md "Faults"); only the fields these tests use. */
export interface FaultRule {
  kind: 'captcha' | 'signing' | 'serverError' | 'latency' | 'reset' | 'unauthorized' | 'tokenExpiry' | 'throttle';
  /** The platform account's sign-in e-mail: the rule hits only that account. */
  email?: string;
  /** Path prefixes of the work API the rule hits. */
  paths?: string[];
  /** How many requests it hits before it is spent. */
  remaining?: number;
  /** A 'latency' rule: how long the platform holds each request it hits. */
  latencyMs?: number;
}

/** Replaces the simulator's fault set with these rules. */
export async function setFaults(simulatorUrl: string, rules: FaultRule[]): Promise<void> {
  const res = await fetch(`${simulatorUrl}/__control/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules }) });
  if (!res.ok) throw new Error(`setting the faults failed: ${res.status} ${await res.text()}`);
}
