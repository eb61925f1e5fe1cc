import { LRUCache } from "lru-cache";

export interface NetworkBudgetCaps {
  /** New visitors one network may bring in an hour. */
  perHour: number;
  /** New visitors one network may bring in a UTC day. */
  perDay: number;
  /** Visitors remembered in all, across networks: bounds the memory under a flood from many networks. */
  remembered: number;
}

export const DEFAULT_NETWORK_CAPS: NetworkBudgetCaps = { perHour: 30, perDay: 200, remembered: 30_000 };

interface NetworkDay {
  day: string;
  hourStartedAt: number;
  newThisHour: number;
  /** The agents let in today, as they came (in memory only, as every beacon's are until the write hashes them). */
  agents: Set<string>;
}

const HOUR_MS = 3_600_000;

/**
 * How many visitors one network may add (docs/analytics.md "Figures one script cannot fake"): the
 * visitor key is the network and the user agent, so a script that varies only its agent would
 * otherwise be a new visitor with every beacon. A network's agents already let in today stay in;
 * a new one is let in while the network has brought fewer than `perHour` this hour and `perDay`
 * today. Each instance counts its own. The networks remembered are bounded by their agents in all
 * (some 140 bytes each): under a flood from many networks the least recently seen are forgotten
 * first, and may bring their budget again.
 */
export class NetworkBudget {
  private readonly networks: LRUCache<string, NetworkDay>;

  constructor(private readonly caps: NetworkBudgetCaps = DEFAULT_NETWORK_CAPS) {
    this.networks = new LRUCache({ maxSize: caps.remembered, sizeCalculation: (n) => n.agents.size + 1 });
  }

  /** Whether the visitor of `network` and `userAgent` counts on `day` (at `now`, in ms). */
  admits(day: string, network: string, userAgent: string, now: number): boolean {
    let entry = this.networks.get(network);
    if (!entry || entry.day !== day) entry = { day, hourStartedAt: now, newThisHour: 0, agents: new Set() };
    if (entry.agents.has(userAgent)) return true;
    if (now - entry.hourStartedAt >= HOUR_MS) {
      entry.hourStartedAt = now;
      entry.newThisHour = 0;
    }
    if (entry.newThisHour >= this.caps.perHour || entry.agents.size >= this.caps.perDay) return false;
    entry.agents.add(userAgent);
    entry.newThisHour++;
    // Put in again, so the cache weighs the network by its agents now (setting the same object would not).
    this.networks.delete(network);
    this.networks.set(network, entry);
    return true;
  }
}
