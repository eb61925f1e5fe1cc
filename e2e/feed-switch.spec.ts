import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { adminApi, removeE2EItems, saveSettings } from "./admin-api";
import { expect, recordRequests, test } from "./fixtures";
import { listenOnLoopback } from "./loopback-host";
import { SEED } from "./seed";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

const OLD = "E2E Deprogram Show";
const NEW = "E2E Oxide and Friends, a show about computers with a long name that wraps";

/** A show's feed: its channel (name, description, artwork, hosts) and one episode. */
const feed = (base: string, name: string, description: string, image: string, hosts: string, episode: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>
<title>${name}</title><link>https://show.example/</link><description>${description}</description>
<itunes:image href="${base}/${image}"/>${hosts}
<item><title>${episode}</title><guid>${episode}</guid><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate>
<enclosure url="https://cdn.example/${encodeURIComponent(episode)}.mp3" length="1000" type="audio/mpeg"/></item>
</channel></rss>`;

const jpeg = (red: number) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r: red, g: 60, b: 120 } } })
    .jpeg()
    .toBuffer();

/** Two shows' hosts on loopback: /first.xml (the old show) and /second.xml (the new one), each with its artwork. */
async function twoShows() {
  const pictures = { "/first.jpg": await jpeg(220), "/second.jpg": await jpeg(30) };
  let base = "";
  const host = await listenOnLoopback((req, res) => {
    const picture = pictures[req.url as keyof typeof pictures];
    if (picture) return void res.writeHead(200, { "Content-Type": "image/jpeg" }).end(picture);
    const xml =
      req.url === "/first.xml"
        ? feed(
            base,
            OLD,
            "E2E Deprogram words about politics",
            "first.jpg",
            "<itunes:author>E2E Hakim</itunes:author>",
            "E2E Old show episode",
          )
        : req.url === "/second.xml"
          ? feed(
              base,
              NEW,
              "E2E Bryan and Adam talk about computers, the hardware and the software, at length.",
              "second.jpg",
              '<podcast:person role="host">E2E Bryan</podcast:person><podcast:person role="host">E2E Adam</podcast:person>',
              "E2E New show episode",
            )
          : null;
    if (!xml) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(xml);
  });
  base = host.base;
  return host;
}

let api: APIRequestContext;
let host: Awaited<ReturnType<typeof twoShows>>;
test.beforeEach(async ({ baseURL }) => {
  api = await adminApi(baseURL!);
  host = await twoShows();
});
test.afterEach(async () => {
  // An offer left unanswered is answered, and the site goes back to the seed for the other tests.
  if ((await (await api.get("/api/feed/show")).json()).offer) await api.post("/api/feed/adopt-show", { data: { take: [] } });
  // The feed's address goes first: putting back a deleted feed episode syncs the feed set, which
  // would bring this spec's episode back as a draft for the next spec.
  await saveSettings(api, {
    rss_url: "",
    podcast_title: "",
    podcast_description: SEED.settings.podcast_description!,
    footer_content: SEED.settings.footer_content!,
  });
  await removeE2EItems(api);
  await api.put("/api/identity/about", { data: { title: "", intro: "", hosts: SEED.hosts } });
  await api.put("/api/identity/images", { data: { bannerDesktop: "", bannerMobile: "", artwork: "" } });
  await api.dispose();
  await host.close();
});

async function openDashboard(page: Page, baseURL: string) {
  await page.context().addCookies((await api.storageState()).cookies);
  await recordRequests(page, baseURL);
  await page.goto("/admin");
}

/** The owner types a feed address into the RSS settings, saves, and syncs it (its episodes kept as drafts). */
async function switchFeed(page: Page, url: string) {
  await page.getByLabel("Main RSS Feed URL").fill(url);
  await page.getByRole("button", { name: "Update RSS Settings" }).click();
  await expect(page.locator(".toast-root").getByText("Settings saved", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Refresh Content Feed" }).click();
  await page.getByRole("dialog", { name: "First sync of this feed" }).getByRole("button", { name: "Keep them as drafts" }).click();
  await expect(page.locator(".toast-root").getByText("Feed synced", { exact: true })).toBeVisible();
}

test("when a first import names the show, then the dashboard's Feed Title and Description show it without a reload", async ({
  page,
  baseURL,
}) => {
  await saveSettings(api, { podcast_description: "" });
  await openDashboard(page, baseURL!);
  await expect(page.getByLabel("Feed Title")).toHaveValue("");
  await switchFeed(page, `${host.base}/first.xml`);
  await expect(page.getByLabel("Feed Title")).toHaveValue(OLD);
  await expect(page.getByLabel("Feed Description")).toHaveValue("E2E Deprogram words about politics");
  // A first import is no switch: nothing is offered.
  await expect(page.getByRole("region", { name: "Another show's details" })).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`at ${width} px: when the owner switches the feed to another show and takes its details, then the site names only the new show`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    // The old show, as the owner has run it: its feed synced, its name, artwork and hosts on the site, the default footer.
    await saveSettings(api, { rss_url: `${host.base}/first.xml`, footer_content: "" });
    expect((await api.post("/api/feed/sync", { data: {} })).status()).toBe(200);
    await api.put("/api/identity/about", {
      data: { title: `About ${OLD}`, intro: "", hosts: [{ name: "E2E Hakim", role: "Host", bio: "", photo: null }] },
    });

    await openDashboard(page, baseURL!);
    await expect(page.getByLabel("Feed Title")).toHaveValue(OLD);
    await switchFeed(page, `${host.base}/second.xml`);

    const dialog = page.getByRole("dialog", { name: `Take ${NEW}'s details?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("show-change-title")).toContainText(OLD);
    await expect(dialog.getByTestId("show-change-title")).toContainText(NEW);
    await expect(dialog.getByTestId("show-change-title")).toContainText(`Your About page heading "About ${OLD}" is removed`);
    await expect(dialog.getByTestId("show-change-description")).toContainText("E2E Bryan and Adam talk about computers");
    await expect(dialog.getByRole("img", { name: "Current artwork" })).toBeVisible();
    await expect(dialog.getByRole("img", { name: "The new show's artwork" })).toBeVisible();
    await expect(dialog.getByTestId("show-change-hosts")).toContainText("E2E Hakim");
    await expect(dialog.getByTestId("show-change-hosts")).toContainText("E2E Bryan and E2E Adam");
    await expect(dialog.getByRole("img", { name: "The new show's artwork" })).toHaveJSProperty("complete", true);
    await dialog.screenshot({ path: path.join(ARTIFACTS, `feed-switch-offer-${width}.png`) });

    // Closed unanswered, the notice under the feed's state opens the question again; all by keyboard.
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    const notice = page.getByRole("region", { name: "Another show's details" });
    await expect(notice).toContainText(NEW);
    await notice.getByRole("button", { name: "Review the new show's details" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    const take = dialog.getByRole("button", { name: "Take the new show's details" });
    for (let i = 0; i < 12 && !(await take.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(take).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator(".toast-root").getByText("Show details updated", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(notice).toHaveCount(0);
    // The form shows the new show's name and words at once.
    await expect(page.getByLabel("Feed Title")).toHaveValue(NEW);
    await expect(page.getByLabel("Feed Description")).toHaveValue(/^E2E Bryan and Adam talk about computers/);
    await page
      .getByRole("region", { name: "RSS Feed Management" })
      .screenshot({ path: path.join(ARTIFACTS, `feed-switch-taken-${width}.png`) });

    // A visitor's pages: the new show's name in the title, head, heading, footer and hosts; the old show nowhere.
    const visitor = await page
      .context()
      .browser()!
      .newPage({ viewport: { width, height: width < 768 ? 844 : 900 } });
    for (const route of ["/", "/about"]) {
      await visitor.goto(route);
      expect(await visitor.title(), route).toContain(NEW);
      await expect(visitor.locator("footer")).toContainText(NEW);
      expect(await visitor.content(), route).not.toContain("Deprogram");
      expect(await visitor.content(), route).not.toContain("Hakim");
    }
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`About ${NEW}`);
    await expect(visitor.getByRole("heading", { name: "E2E Bryan" })).toBeVisible();
    await visitor.screenshot({ path: path.join(ARTIFACTS, `feed-switch-about-${width}.png`), fullPage: true });
    await visitor.goto("/");
    await visitor.screenshot({ path: path.join(ARTIFACTS, `feed-switch-home-${width}.png`) });
    await visitor.close();
  });
}
