import { LRUCache } from "lru-cache";

export interface NetworkBudgetCaps {
  /** New visitors one network may bring in an hour. */
  perHour: number;
  /** New visitors one network may bring in a UTC day. */
  perDay: number;
  /** Made-up values (sources, searches) one visitor may put forward for a name in a day. */
  offersPerVisitor: number;
  /** Visitors and their offers remembered in all, across networks: bounds the memory under a flood from many networks. */
  remembered: number;
}

export const DEFAULT_NETWORK_CAPS: NetworkBudgetCaps = { perHour: 30, perDay: 200, offersPerVisitor: 6, remembered: 30_000 };

interface NetworkDay {
  day: string;
  hourStartedAt: number;
  newThisHour: number;
  /**
   * The agents let in today, as they came (in memory only, as every beacon's are until the write
   * hashes them; an agent over 512 characters is a robot's and never gets here), with the values
   * each has put forward for a name.
   */
  agents: Map<string, string[]>;
  /** Agents and offers together: what the cache weighs the network by. */
  weight: number;
}

const HOUR_MS = 3_600_000;

/**
 * How many visitors one network may add (docs/analytics.md "Figures one script cannot fake"): the
 * visitor key is the network and the user agent, so a script that varies only its agent would
 * otherwise be a new visitor with every beacon. A network's agents already let in today stay in;
 * a new one is let in while the network has brought fewer than `perHour` this hour and `perDay`
 * today. Each instance counts its own. A visitor also puts forward at most `offersPerVisitor`
 * distinct made-up values a day (mayOffer), each once, so a value earns its name from distinct
 * visitors. The networks remembered are bounded by their agents and offers in all: under a flood
 * from many networks the least recently seen are forgotten first, and may bring their budget again.
 */
export class NetworkBudget {
  private readonly networks: LRUCache<string, NetworkDay>;

  constructor(private readonly caps: NetworkBudgetCaps = DEFAULT_NETWORK_CAPS) {
    this.networks = new LRUCache({ maxSize: caps.remembered, sizeCalculation: (n) => n.weight + 1 });
  }

  /** Puts `entry` in again, so the cache weighs the network as it is now (setting the same object would not). */
  private reweigh(network: string, entry: NetworkDay): void {
    this.networks.delete(network);
    this.networks.set(network, entry);
  }

  /** Whether the visitor of `network` and `userAgent` counts on `day` (at `now`, in ms). */
  admits(day: string, network: string, userAgent: string, now: number): boolean {
    let entry = this.networks.get(network);
    if (!entry || entry.day !== day) entry = { day, hourStartedAt: now, newThisHour: 0, agents: new Map(), weight: 0 };
    if (entry.agents.has(userAgent)) return true;
    if (now - entry.hourStartedAt >= HOUR_MS) {
      entry.hourStartedAt = now;
      entry.newThisHour = 0;
    }
    if (entry.newThisHour >= this.caps.perHour || entry.agents.size >= this.caps.perDay) return false;
    entry.agents.set(userAgent, []);
    entry.newThisHour++;
    entry.weight++;
    this.reweigh(network, entry);
    return true;
  }

  /**
   * Whether the visitor (let in by `admits` today) may put `value` forward for a name: the first
   * time they offer it, and while they have offered fewer than `offersPerVisitor` values today.
   */
  mayOffer(day: string, network: string, userAgent: string, value: string): boolean {
    const entry = this.networks.get(network);
    const offered = entry?.day === day ? entry.agents.get(userAgent) : undefined;
    if (!offered || offered.length >= this.caps.offersPerVisitor || offered.includes(value)) return false;
    offered.push(value);
    entry!.weight++;
    this.reweigh(network, entry!);
    return true;
  }
}
