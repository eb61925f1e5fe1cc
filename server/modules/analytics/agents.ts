import Bowser from "bowser";
import crawlers from "crawler-user-agents";
import { LRUCache } from "lru-cache";

/** What the analytics keep of a user agent: nothing of a robot; a device kind and a browser family of a person. */
export type AgentKind = { isBot: true } | { isBot: false; device: string; browser: string };

/**
 * No browser sends a longer agent than this; a longer one is a made-up agent, and matching the
 * bot list's patterns against it would cost time for nothing.
 */
const MAX_AGENT_LENGTH = 512;

/**
 * The maintained bot list (the crawler-user-agents package, MIT: docs/decisions/015-owner-analytics.md),
 * as one case-insensitive pattern. Its patterns are plain alternatives without nested repetition.
 */
// eslint-disable-next-line security/detect-non-literal-regexp -- built once from the package's list, never from a request
const BOT_PATTERN = new RegExp(crawlers.map((crawler) => crawler.pattern).join("|"), "i");

const DEVICES = new Set(["desktop", "mobile", "tablet", "tv"]);
/** Bowser's own names of browsers: anything else (its fallback reads a name out of any agent) is "Other". */
const BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));

function classifyUncached(userAgent: string): AgentKind {
  if (userAgent.length === 0 || userAgent.length > MAX_AGENT_LENGTH || BOT_PATTERN.test(userAgent)) return { isBot: true };
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type ?? "";
  if (platform === "bot") return { isBot: true };
  const name = parsed.browser.name ?? "";
  return { isBot: false, device: DEVICES.has(platform) ? platform : "other", browser: BROWSERS.has(name) ? name : "Other" };
}

/**
 * Matching some 1,500 patterns and parsing costs tens of microseconds, and a site's visitors use
 * a few hundred agents: each is classified once while it keeps coming. The cache is bounded, so a
 * flood of made-up agents only churns it.
 */
const cache = new LRUCache<string, AgentKind>({ max: 2_000 });

export function classifyAgent(userAgent: string | undefined): AgentKind {
  const agent = userAgent ?? "";
  let kind = cache.get(agent);
  if (!kind) {
    kind = classifyUncached(agent);
    if (agent.length <= MAX_AGENT_LENGTH) cache.set(agent, kind);
  }
  return kind;
}
