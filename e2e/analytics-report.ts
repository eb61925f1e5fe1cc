import type { Page } from "@playwright/test";
import type { AnalyticsReport } from "../shared/analytics";

/** An episode's title longer than a phone's line, with a word no line can hold whole. */
export const LONG_EPISODE_TITLE =
  "Episode Forty-Two: What a very long conversation about pain, learning, the body and the brain teaches us, Pneumonoultramicroscopicsilicovolcanoconiosis included";
export const ARABIC_EPISODE_TITLE = "الحلقة الثالثة: لماذا يحمينا الألم";
export const HEBREW_EPISODE_TITLE = "פרק רביעי: הכאב כמגן";

/** Every day from `from` to `to` (YYYY-MM-DD, both included). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/**
 * A report with something in every table, and the rows that are hard to lay out on a phone: three
 * plays of which two reached half ("2 (67%)"), counts in the thousands, a long title, Arabic and
 * Hebrew titles, a long page path and search.
 */
export function filledReport(from: string, to: string): AnalyticsReport {
  const days = daysOf(from, to).map((date, i) => ({ date, pageviews: 10 + i, visitors: 5 + (i % 4), plays: i % 3, listens: i % 2 }));
  return {
    from,
    to,
    totals: { pageviews: 12_345, visitors: 2_345, plays: 1_203, listens: 987, providerClicks: 45, clipPlays: 12, shares: 3, searches: 8 },
    days,
    pages: [
      { path: "/", pageviews: 12_000, visitors: 2_100 },
      {
        path: "/episode/episode-forty-two-what-a-very-long-conversation-about-pain-learning-the-body-and-the-brain",
        pageviews: 300,
        visitors: 200,
      },
      { path: "/archive", pageviews: 45, visitors: 40 },
    ],
    referrers: [
      { source: "direct", visitors: 1_800 },
      { source: "news.example", visitors: 500 },
      { source: "a-very-long-newsletter-name-without-spaces.example.com", visitors: 45 },
    ],
    campaigns: [
      { campaign: "newsletter", visitors: 120 },
      { campaign: "=spring-promo", visitors: 7 },
    ],
    episodes: [
      {
        slug: "episode-three",
        title: "Episode Three: Pain Is a Protector",
        plays: 3,
        listens: 3,
        reached: { "25": 3, "50": 2, "75": 2, "100": 1 },
      },
      {
        slug: "episode-forty-two",
        title: LONG_EPISODE_TITLE,
        plays: 1_200,
        listens: 984,
        reached: { "25": 1_100, "50": 1_000, "75": 800, "100": 650 },
      },
      { slug: "arabic", title: ARABIC_EPISODE_TITLE, plays: 0, listens: 0, reached: { "25": 0, "50": 0, "75": 0, "100": 0 } },
      { slug: "hebrew", title: HEBREW_EPISODE_TITLE, plays: 7, listens: 6, reached: { "25": 7, "50": 6, "75": 5, "100": 4 } },
    ],
    providers: [
      { id: 1, name: "Alpha Audio", clicks: 40 },
      { id: 2, name: "Zeta Casts", clicks: 5 },
    ],
    clips: [{ slug: "why-pain-is-a-protector", title: "Why Pain Is a Protector", plays: 12 }],
    searches: [
      { q: "pain", count: 5, results: 3 },
      { q: "something nobody has ever published an episode about", count: 3, results: 0 },
    ],
    devices: [
      { kind: "mobile", visitors: 1_500 },
      { kind: "desktop", visitors: 845 },
    ],
    browsers: [
      { name: "Chrome", visitors: 1_400 },
      { name: "Safari", visitors: 945 },
    ],
  };
}

/**
 * `/api/analytics` answers `filledReport` for whatever range the page asks. The figures come from
 * beacons judged over real time (docs/decisions/017-figures-one-script-cannot-fake.md), which a
 * test cannot make in seconds; the journey in analytics.spec.ts checks the real ones end to end.
 */
export async function serveFilledReport(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === "/api/analytics",
    async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ json: filledReport(url.searchParams.get("from")!, url.searchParams.get("to")!) });
    },
  );
}
