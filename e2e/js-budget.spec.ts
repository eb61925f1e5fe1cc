import { adminApi, removeE2EItems, saveSettings, syncFeedAndFiles } from "./admin-api";
import { expect, test } from "./fixtures";
import { JS_BUDGET_BYTES, JS_GOAL_BYTES, kb, measurePage, MESSAGE_PAGE_OWN_BYTES, sitemapPersonPath } from "./js-weight";
import { feedHost } from "./loopback-host";
import { itemPagePaths } from "./seed";

/**
 * A feed with one episode naming one person, so the site has a person's page to weigh, and an
 * episode page as a feed makes them: with its audio (the site's own player) and its people.
 */
const PERSON_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>E2E Budget Show</title>
<item><title>E2E Budget Episode</title><guid>e2e-budget</guid><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate>
<enclosure url="https://cdn.example/budget.mp3" length="1000" type="audio/mpeg"/><podcast:person role="guest">E2E Budget Guest</podcast:person></item>
</channel></rss>`;

/**
 * The byte budget, measured as a browser loads each public page (not by reading the build's
 * imports): the entry, the page's chunks and whatever it loads once idle, under 100 KB gzipped
 * (the goal is 80), with no admin code and no request to another host before the visitor acts.
 */
test("when a visitor opens each public page, then the JavaScript it loads stays under the budget, holds no admin code and calls no other host", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { episode, clip } = await itemPagePaths(baseURL!);
  // A person's page comes from the feed: a show naming one, synced for this test and removed after.
  const api = await adminApi(baseURL!);
  const host = await feedHost(PERSON_FEED);
  try {
    await saveSettings(api, { rss_url: host.url, feed_auto_publish: "true" });
    await syncFeedAndFiles(api);
    const person = await sitemapPersonPath(baseURL!);
    expect(person, "the sitemap names the feed's person").toBeDefined();
    const episodes = (await (await fetch(`${baseURL}/api/episodes`)).json()) as { slug: string; title: string }[];
    const fromFeed = episodes.find((e) => e.title === "E2E Budget Episode");
    expect(fromFeed, "the feed's episode is published").toBeDefined();
    const paths = ["/", "/about", "/listen", "/archive", episode, `/episode/${fromFeed!.slug}`, clip, person!, "/no-such-page"];
    const report: string[] = [];
    for (const path of paths) {
      const weight = await measurePage(browser, baseURL!, path);
      report.push(
        `${path}: ${kb(weight.jsGzipBytes)} in ${weight.scripts.length} scripts and its words (${kb(weight.catalogueGzipBytes)})${weight.jsGzipBytes > JS_GOAL_BYTES ? " (over the 80 KB goal)" : ""}`,
      );
      expect(weight.scripts.length, `${path} loaded its scripts`).toBeGreaterThan(0);
      expect(weight.catalogueGzipBytes, `${path} carries its words`).toBeGreaterThan(0);
      expect(
        weight.jsGzipBytes,
        `${path}: ${weight.scripts.map((s) => `${s.url} ${kb(s.gzipBytes)}`).join(", ")}, words ${kb(weight.catalogueGzipBytes)}`,
      ).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      expect(weight.adminCode, path).toEqual([]);
      expect(weight.foreign, path).toEqual([]);
    }
    console.log(report.join("\n"));
  } finally {
    await saveSettings(api, { rss_url: "", feed_auto_publish: "false", podcast_title: "" });
    await removeE2EItems(api);
    await api.dispose();
    await host.close();
  }
});

test("when messages are on, then /message adds at most 2 KB gzipped before the listener opens the form, and neither it nor a page with 'Send us a message' loads the recorder or the challenge's solver", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { episode } = await itemPagePaths(baseURL!);
  const api = await adminApi(baseURL!);
  try {
    await saveSettings(api, { messages_enabled: "true" });
    // What /message loads that the other small pages (About, Listen) load too is not its own.
    const others = new Set<string>();
    for (const path of ["/about", "/listen"]) for (const s of (await measurePage(browser, baseURL!, path)).scripts) others.add(s.url);
    const message = await measurePage(browser, baseURL!, "/message");
    const own = message.scripts.filter((s) => !others.has(s.url));
    const ownBytes = own.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log(`/message: ${kb(message.jsGzipBytes)} in all, its own ${kb(ownBytes)} (${own.map((s) => s.url).join(", ")})`);
    expect(ownBytes, own.map((s) => `${s.url} ${kb(s.gzipBytes)}`).join(", ")).toBeLessThanOrEqual(MESSAGE_PAGE_OWN_BYTES);
    expect(message.messageFormCode).toEqual([]);
    for (const path of ["/", "/listen", episode]) {
      const weight = await measurePage(browser, baseURL!, path);
      expect(weight.messageFormCode, path).toEqual([]);
      expect(weight.jsGzipBytes, path).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    }
  } finally {
    await saveSettings(api, { messages_enabled: "false" });
    await api.dispose();
  }
});

test("when a public page is served, then its head names the page's own chunks as modulepreload links, and the 404 page names none", async ({
  baseURL,
}) => {
  const { episode, clip } = await itemPagePaths(baseURL!);
  for (const [path, page] of [
    ["/", "home-page"],
    ["/archive", "archive-page"],
    [episode, "episode-page"],
    [clip, "clip-page"],
  ] as const) {
    const html = await (await fetch(baseURL + path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, path).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${page}-[\\w-]+\\.js" />`));
  }
  const missing = await (await fetch(`${baseURL}/no-such-page`)).text();
  expect(missing).not.toMatch(/-page-[\w-]+\.js/);
});
