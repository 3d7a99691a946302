/**
 * A map whose entries live a fixed time. Because the TTL is the same for every entry, insertion
 * order is expiry order, so each write sweeps expired entries from the front: no timers, O(1)
 * amortized, memory bounded by what was written in one TTL.
 */
interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class ExpiringMap<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(private readonly ttlMs: number) {}

  set(key: string, value: V, now: number): void {
    this.sweep(now);
    this.entries.delete(key); // re-insert at the back so order stays expiry order
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
  }

  /** The live value, or undefined when absent or expired. */
  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now < entry.expiresAt) break;
      this.entries.delete(key);
    }
  }
}
