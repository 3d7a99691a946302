/**
 * The offers a search has already decided on, so each is judged (and logged) once while it stays
 * listed, at one Set lookup per offer per poll. Two generations rotate: an id not seen for one to
 * two generations is forgotten without ever scanning the set. A forgotten offer that shows up
 * again meets the log's unique key, so it is still never logged twice.
 */
export class SeenOffers {
  private current = new Set<string>();
  private previous = new Set<string>();
  private rotatesAt: number;

  constructor(
    private readonly generationMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.rotatesAt = this.now() + generationMs;
  }

  /** True when the offer was seen before; either way it counts as seen now. */
  checkAndAdd(offerId: string): boolean {
    const now = this.now();
    if (now >= this.rotatesAt) {
      this.previous = this.current;
      this.current = new Set();
      this.rotatesAt = now + this.generationMs;
    }
    if (this.current.has(offerId)) return true;
    this.current.add(offerId);
    return this.previous.has(offerId);
  }

  /** Forgets an offer, so the next poll judges it again (an accept the platform throttled). */
  forget(offerId: string): void {
    this.current.delete(offerId);
    this.previous.delete(offerId);
  }
}
