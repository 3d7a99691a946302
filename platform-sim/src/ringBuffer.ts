/**
 * Fixed-capacity FIFO of entries with increasing `seq`. Pushing past capacity drops the oldest;
 * reading "everything since seq N" is a binary search plus a copy of what is returned.
 */
export class RingBuffer<T extends { seq: number }> {
  private readonly items: Array<T | undefined>;
  private head = 0;
  private length = 0;
  private pushed = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<T | undefined>(capacity);
  }

  push(item: T): void {
    if (this.length < this.capacity) {
      this.items[(this.head + this.length) % this.capacity] = item;
      this.length++;
    } else {
      this.items[this.head] = item;
      this.head = (this.head + 1) % this.capacity;
    }
    this.pushed++;
  }

  /** Entries with seq >= since, oldest first, at most `limit`. */
  since(since: number, limit = Infinity, filter?: (item: T) => boolean): T[] {
    // First position whose seq >= since (seqs increase along the ring).
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).seq < since) lo = mid + 1;
      else hi = mid;
    }
    const out: T[] = [];
    for (let i = lo; i < this.length && out.length < limit; i++) {
      const item = this.at(i);
      if (!filter || filter(item)) out.push(item);
    }
    return out;
  }

  get size(): number {
    return this.length;
  }

  /** Entries pushed out so far. */
  get dropped(): number {
    return this.pushed - this.length;
  }

  private at(position: number): T {
    return this.items[(this.head + position) % this.capacity] as T;
  }
}
