/**
 * Waits for something the product does in the background (the engine's polls, a log entry):
 * asks `check` every 250 ms until it gives a value (anything but undefined, null or false) and
 * returns that value; after `timeoutMs` fails with "timed out waiting for <what>".
 */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
