/**
 * The Space-Saving summary of Metwally, Agrawal and El Abbadi, "Efficient Computation of Frequent
 * and Top-k Elements in Data Streams" (ICDT 2005): at most `capacity` values are watched; a new
 * value, when the summary is full, takes the place of one with the smallest count and inherits
 * that count as its possible error. Any value seen more than N / capacity times in a stream of N
 * is always watched, and `count - error` never overstates how often a value was seen. Counts are
 * kept in buckets of equal count (the paper's "stream summary"), so every step is O(1).
 */
export class SpaceSaving {
  private readonly entries = new Map<string, { count: number; error: number }>();
  private readonly buckets = new Map<number, Set<string>>();
  private smallest = 0;

  constructor(private readonly capacity: number) {}

  /** Counts one more `value`; answers how often it has surely been seen (count less error). */
  offer(value: string): number {
    let entry = this.entries.get(value);
    if (entry) {
      this.move(value, entry.count, entry.count + 1);
      entry.count++;
    } else {
      const error = this.entries.size < this.capacity ? 0 : this.evict();
      entry = { count: error + 1, error };
      this.entries.set(value, entry);
      this.place(value, entry.count);
    }
    return entry.count - entry.error;
  }

  /** Drops a value with the smallest count; answers that count. */
  private evict(): number {
    const count = this.smallest;
    const bucket = this.buckets.get(count)!;
    const value = bucket.values().next().value!;
    this.entries.delete(value);
    this.remove(value, count);
    return count;
  }

  private place(value: string, count: number): void {
    let bucket = this.buckets.get(count);
    if (!bucket) this.buckets.set(count, (bucket = new Set()));
    bucket.add(value);
    if (this.entries.size === 1 || count < this.smallest) this.smallest = count;
  }

  private remove(value: string, count: number): void {
    const bucket = this.buckets.get(count)!;
    bucket.delete(value);
    if (bucket.size > 0) return;
    this.buckets.delete(count);
    // A count only ever moves up by one, so when the smallest bucket empties the next is one above (or none is left).
    if (count === this.smallest) this.smallest = this.entries.size === 0 ? 0 : count + 1;
  }

  private move(value: string, from: number, to: number): void {
    let bucket = this.buckets.get(to);
    if (!bucket) this.buckets.set(to, (bucket = new Set()));
    bucket.add(value);
    this.remove(value, from);
  }
}

export interface NamingCaps {
  /** Values named as they come, first come first named (a quiet day names every value). */
  free: number;
  /** Values named in all, per figure and day: the rows a day may get, whatever is sent. */
  most: number;
  /** Values the summary watches while they wait for a name. */
  watched: number;
}

/**
 * Which values of one figure and day keep their own name in the daily table, and which are
 * "other" (docs/analytics.md "Figures one script cannot fake"): the first `free` values are named
 * as they come; past that a value is named once the summary has surely seen it as often as the
 * bar, which starts at 2 and rises by one with every `free` names more. A burst of made-up values
 * at midnight so takes the free names but not the day: a real source seen twice is named, and
 * naming values past it costs a script more and more of them.
 */
export class NamedValues {
  private readonly named = new Set<string>();
  private readonly waiting: SpaceSaving;

  constructor(private readonly caps: NamingCaps) {
    this.waiting = new SpaceSaving(caps.watched);
  }

  /**
   * The name `value` is counted under: itself, or null for "other". A value not yet named is put
   * forward only when `mayOffer` allows (each visitor offers a value once, and a few a day).
   */
  admit(value: string, mayOffer: () => boolean = () => true): string | null {
    if (this.named.has(value)) return value;
    const { free, most } = this.caps;
    if (this.named.size >= most || !mayOffer()) return null;
    const seen = this.waiting.offer(value);
    if (this.named.size >= free && seen < 2 + Math.floor((this.named.size - free) / free)) return null;
    this.named.add(value);
    return value;
  }
}
