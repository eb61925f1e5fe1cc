import { expect, expectAppReady, expectPageSettled, PUBLIC_ROUTES, recordRequests, test } from "./fixtures";
import { SEED } from "./seed";

const publishedEpisodes = ["Episode One: Pain Is a Protector", "Episode Two: Why Learning Hurts", "Episode Ten: Ten Things About Pain"];
const publishedClips = ["Learning Differently", "Why Pain Is a Protector"];

test.describe("home", () => {
  test("when a visitor opens the home page, then published episodes and clips show in sortOrder and drafts never", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText(SEED.settings.podcast_description!)).toBeVisible();
    const episodes = page.getByRole("region", { name: "Latest Episodes" }).getByRole("article");
    await expect(episodes).toHaveCount(3);
    for (const [i, title] of publishedEpisodes.entries()) await expect(episodes.nth(i)).toHaveAccessibleName(title);
    const clips = page.getByRole("region", { name: "Watch Clips" }).getByRole("article");
    await expect(clips).toHaveCount(2);
    for (const [i, title] of publishedClips.entries()) await expect(clips.nth(i)).toHaveAccessibleName(title);
    await expect(page.getByText("Secret Draft Episode")).toHaveCount(0);
    await expect(page.getByText("Hidden Draft Clip")).toHaveCount(0);

    const clipLink = clips.nth(1).getByRole("link");
    await expect(clipLink).toHaveAttribute("href", "/clips/why-pain-is-a-protector");
    await expect(clips.nth(1).getByText("“Pain is a protector, not a damage meter.”")).toBeVisible();
    await clipLink.hover();
    await expect(clips.nth(1).getByText("View Full Article →")).toBeVisible();
  });

  test("when cards render, then their background opacity rises by 0.1 per index up to 0.4", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByRole("region", { name: "Latest Episodes" }).getByRole("article");
    await expect(cards).toHaveCount(3);
    const alphas = await cards.evaluateAll((els) => els.map((el) => (el as HTMLElement).style.getPropertyValue("--card-alpha")));
    expect(alphas).toEqual(["0.1", "0.2", "0.3"]);
    const width = await cards.first().evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(320);
  });

  test("when the scroll buttons are pressed, then the episode strip moves by 300 px and the clip strip by 280 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Latest Episodes" }).getByRole("article")).toHaveCount(3);
    await page.getByRole("button", { name: "Scroll episodes right" }).click();
    await expect.poll(() => page.locator("#latest-episodes").evaluate((el) => el.scrollLeft)).toBe(300);
    await page.getByRole("button", { name: "Scroll episodes left" }).click();
    await expect.poll(() => page.locator("#latest-episodes").evaluate((el) => el.scrollLeft)).toBe(0);
    await page.getByRole("button", { name: "Scroll clips right" }).click();
    await expect.poll(() => page.locator("#watch-clips").evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await page.locator("#watch-clips").getAttribute("data-scroll-step")).toBe("280");
  });

  test("when the page is served, then its first screen paints from the data it carries, with no API call", async ({ page }) => {
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      // The page-view beacon (POST /api/events, the owner's analytics) reports; it fetches nothing.
      if (new URL(request.url()).pathname.startsWith("/api/") && request.method() === "GET") apiCalls.push(request.url());
    });
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Latest Episodes" }).getByRole("article")).toHaveCount(3);
    await expect(page.getByText("Loading episodes...")).toHaveCount(0);
    await page.goto("/clips/why-pain-is-a-protector");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(apiCalls.filter((u) => !u.endsWith("/api/auth/me"))).toEqual([]);
  });

  test("when the lists are loading or empty, then the spec's texts show, and an empty clips strip goes", async ({ page }) => {
    // Without the data the server puts in the page, the client asks the API and waits.
    await page.route("**/*", async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script type="application\/json" id="initial-data">[\s\S]*?<\/script>/, "");
      await route.fulfill({ response, body: html });
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (const name of ["clips", "providers"]) {
      await page.route(`**/api/${name}`, async (route) => {
        await gate;
        await route.fulfill({ json: [] });
      });
    }
    // The home page's strip asks for its first episodes and their count.
    await page.route("**/api/episodes/latest", async (route) => {
      await gate;
      await route.fulfill({ json: { episodes: [], total: 0 } });
    });
    await page.goto("/");
    await expect(page.getByText("Loading episodes...")).toBeVisible();
    await expect(page.getByText("Loading clips...")).toBeVisible();
    release();
    await expect(page.getByText("No episodes available")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Watch Clips" })).toHaveCount(0);
    await expect(page.getByText("No clips available")).toHaveCount(0);
    await page.getByRole("link", { name: "About", exact: true }).click();
    await page.goBack();
    await page.goto("/listen");
    await expect(page.getByText("No podcast providers available at the moment.")).toBeVisible();
  });

  test("when the About button is used, then the About page shows the description and two host cards", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    await expect(page.getByText(SEED.settings.podcast_description!)).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(2);
    await expect(page.getByText("Co-host · Physiotherapist")).toBeVisible();
    await expect(page.getByText("Co-host · Special Education Specialist")).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("when the footer is set, then its HTML shows on every page", async ({ page }) => {
    await page.goto("/listen");
    await expect(page.getByRole("contentinfo")).toContainText("Made with care by the hosts.");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "About the show" })).toHaveAttribute("href", "/about");
  });

  test("when the site theme is stored, then every visitor's body carries it", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("body")).toHaveClass(/theme-deep-ocean/);
  });
});

test.describe("listen", () => {
  test("when a visitor opens Listen, then providers link out in a new tab in sortOrder", async ({ page }) => {
    await page.goto("/listen");
    await expect(page.getByRole("heading", { name: "Listen to Our Podcast" })).toBeVisible();
    const links = page.getByRole("list", { name: "Podcast providers" }).getByRole("link");
    await expect(links).toHaveText([/Alpha Audio/, /Zeta Casts/]);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener");
    }
    await expect(links.first()).toHaveAttribute("href", "https://example.com/alpha");
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  });
});

test.describe("clip page", () => {
  test("when opened on a desktop, then the clip, its quote, its article and the share buttons show", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto("/clips/why-pain-is-a-protector");
    await expect(page.getByRole("heading", { level: 1, name: "Why Pain Is a Protector" })).toBeVisible();
    await expect(page.getByText("“Pain is a protector, not a damage meter.”").first()).toBeVisible();
    const article = page.getByRole("article", { name: "Article" });
    await expect(article.locator("strong")).toHaveText(["Host:", "Guest:"]);
    await expect(article).toContainText("“And learning works: in the same way.”");
    await expect(article.getByText("Pain is an output of the brain, not an input from the tissues.")).toBeVisible();

    const share = page.getByRole("group", { name: "Share this clip" });
    await expect(share).toBeVisible();
    const x = new URL((await share.getByRole("link", { name: /Share on X/ }).getAttribute("href"))!);
    expect(x.searchParams.get("text")).toBe('"Pain is a protector, not a damage meter."');
    expect(x.searchParams.get("url")).toBe(`${baseURL}/clips/why-pain-is-a-protector`);
    await expect(share.getByRole("link", { name: /Facebook/ })).toHaveAttribute("href", /facebook\.com\/sharer/);
    await expect(share.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", /linkedin\.com/);
    await expect(share.getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", "https://www.instagram.com/");
    // The phone's share bar is there for a phone (by CSS, so the server's page is already right), not shown here.
    await expect(page.getByText("Share This Clip")).toBeHidden();

    await share.getByRole("button", { name: "Copy Link" }).click();
    await expect(share.getByRole("button", { name: "Copied!" })).toBeVisible();
    await expect(page.getByText("Link copied!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/clips/why-pain-is-a-protector`);
    await expect(share.getByRole("button", { name: "Copy Link" })).toBeVisible({ timeout: 5_000 });

    const video = page.getByRole("button", { name: "Play video: Why Pain Is a Protector" });
    const box = (await video.locator("xpath=../..").boundingBox())!;
    expect(Math.round((box.width / box.height) * 16)).toBe(9);
    // The VideoObject is said once, in the served head's JSON-LD, never again as microdata.
    await expect(page.locator("[itemtype], [itemprop]")).toHaveCount(0);
    const videoObjects = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.map((s) => JSON.parse(s.textContent ?? "{}") as { "@type"?: string }).filter((d) => d["@type"] === "VideoObject"),
      );
    expect(videoObjects).toEqual([expect.objectContaining({ duration: "PT5M", name: "Why Pain Is a Protector" })]);
  });

  test("when opened on a phone, then a sticky 'Share This Clip' bar opens the share panel", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/clips/why-pain-is-a-protector");
    await expect(page.getByRole("heading", { level: 1, name: "Why Pain Is a Protector" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Share this clip" })).toHaveCount(0);
    const bar = page.getByRole("button", { name: "Share This Clip" });
    await expect(bar).toBeInViewport();
    await bar.click();
    const panel = page.getByRole("group", { name: "Share options" });
    await expect(panel.getByRole("button", { name: "Copy" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "X" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Facebook" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Instagram" })).toBeVisible();
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeInViewport();
  });

  test("when the slug is unknown or a draft, then 'Clip Not Found' shows with HTTP 404", async ({ page }) => {
    for (const slug of ["no-such-clip", "hidden-draft-clip"]) {
      const res = await page.goto(`/clips/${slug}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Clip Not Found" })).toBeVisible();
      await expect(page.getByText("The clip you're looking for doesn't exist or has been removed.")).toBeVisible();
      await expect(page.getByText("Hidden Draft Clip")).toHaveCount(0);
    }
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page.getByRole("heading", { name: "Latest Episodes" })).toBeVisible();
  });
});

test.describe("404", () => {
  test("when the path is unknown, then the 404 page asks whether the page was forgotten in the router", async ({ page }) => {
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });
});

test.describe("editor audition", () => {
  test("when the page opens, then the spec's texts show, with defaults for empty settings, and no file link", async ({ page }) => {
    await page.goto("/editors");
    await expect(page.getByRole("heading", { name: "Hi! This is the spot for the editor audition." })).toBeVisible();
    await expect(page.getByText("Your job is to make the podcast sound amazing:")).toBeVisible();
    await expect(page.getByRole("listitem")).toHaveText([
      SEED.settings.editors_bullet_1!,
      "Spot editing audio problems",
      "Natural, human-sounding edits with appropriate breath",
    ]);
    await expect(page.getByText(/We've given you three files, which you can access using the password .* gave you\./)).toBeVisible();
    await expect(page.getByText(/1 hour of recording becomes a 30-minute episode/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Password Required" })).toBeVisible();
    expect(await page.content()).not.toContain("audition-files-42");
  });

  test("when a wrong password is tried, then 'Incorrect password. Please try again.' shows and it stays locked", async ({ page }) => {
    await page.goto("/editors");
    for (const attempt of ["podedit", "wrong"]) {
      await page.getByLabel("Password", { exact: true }).fill(attempt);
      await page.getByRole("button", { name: "Access Files" }).click();
      await expect(page.getByRole("alert")).toHaveText("Incorrect password. Please try again.");
      await expect(page.getByRole("heading", { name: "Access Granted" })).toHaveCount(0);
    }
    expect(await page.content()).not.toContain("audition-files-42");
  });

  test("when the prefix plus digits is entered, then access is granted with the server's file link", async ({ page }) => {
    await page.goto("/editors");
    await page.getByLabel("Password", { exact: true }).fill("podedit42");
    await page.getByRole("button", { name: "Access Files" }).click();
    await expect(page.getByRole("heading", { name: "Access Granted" })).toBeVisible();
    await expect(page.getByText("Access your audition files:")).toBeVisible();
    const file = page.getByRole("link", { name: /Audition Files Folder \(All Files\)/ });
    await expect(file).toHaveAttribute("href", SEED.settings.editors_file_1_url!);
    // Leaving the page locks it again.
    await page.goto("/");
    await page.goto("/editors");
    await expect(page.getByRole("heading", { name: "Password Required" })).toBeVisible();
  });

  test("when anyone asks for the audition password setting, then it is never answered", async ({ request }) => {
    expect((await request.get("/api/settings/editors_password")).status()).toBe(404);
  });
});

test.describe("privacy and weight", () => {
  for (const route of PUBLIC_ROUTES) {
    test(`when ${route} loads, then no request leaves for another host before a click on a player`, async ({ page, baseURL }) => {
      const foreign = await recordRequests(page, baseURL!);
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectPageSettled(page);
      expect(foreign).toEqual([]);
    });
  }

  test("when a clip poster is clicked, then the YouTube player loads from youtube-nocookie.com", async ({ page, baseURL }) => {
    const foreign = await recordRequests(page, baseURL!);
    await page.goto("/clips/why-pain-is-a-protector");
    expect(foreign).toEqual([]);
    await page.getByRole("button", { name: "Play video: Why Pain Is a Protector" }).click();
    await expect(page.locator("iframe")).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/aaaaaaaaaaa/);
  });

  test("when an episode poster is clicked, then the Spotify player loads in the same space", async ({ page, baseURL }) => {
    await recordRequests(page, baseURL!);
    await page.goto("/");
    await expectAppReady(page);
    const card = page.getByRole("article", { name: publishedEpisodes[0] });
    const before = await card.boundingBox();
    await card.getByRole("button", { name: `Play episode: ${publishedEpisodes[0]}` }).click();
    await expect(card.locator("iframe")).toHaveAttribute("src", /open\.spotify\.com\/embed\/episode\//);
    expect(await card.boundingBox()).toEqual(before);
  });

  test("when a visitor opens the home page, then no admin code is downloaded, and /admin loads it lazily", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (req) => req.resourceType() === "script" && scripts.push(req.url()));
    await page.goto("/");
    // Settled, the page has also fetched whatever it loads by itself when idle.
    await expect(page.getByRole("region", { name: "Latest Episodes" }).getByRole("article").first()).toBeVisible();
    await expectPageSettled(page);
    expect(scripts.some((s) => s.includes("admin"))).toBe(false);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    expect(scripts.some((s) => s.includes("admin"))).toBe(true);
  });
});

test.describe("shared links", () => {
  test("when a crawler fetches a clip page, then its raw HTML carries the clip's title, share image and VideoObject", async ({
    request,
  }) => {
    const res = await request.get("/clips/why-pain-is-a-protector");
    expect(res.status()).toBe(200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<title>Why Pain Is a Protector · [^<]+<\/title>/);
    expect(head).toMatch(/<meta property="og:image" content="[^"]+\/clips\/why-pain-is-a-protector\/share\.png\?v=[^"]+" \/>/);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({ "@type": "VideoObject", name: "Why Pain Is a Protector", duration: "PT5M" });
    expect(ld.embedUrl).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    const image = await request.get(/content="([^"]+share\.png[^"]*)"/.exec(head)![1]!.replace(/^https?:\/\/[^/]+/, ""));
    expect(image.headers()["content-type"]).toBe("image/png");
    expect((await request.get("/clips/no-such-clip")).status()).toBe(404);
  });

  test("when a page is fetched, then its raw HTML already holds the first screen, painted before any script runs", async ({ request }) => {
    const clip = await (await request.get("/clips/why-pain-is-a-protector")).text();
    const root = clip.slice(clip.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>Why Pain Is a Protector<\/h1>/);
    const home = await (await request.get("/")).text();
    for (const episode of SEED.episodes.filter((e) => e.isPublished)) expect(home).toContain(episode.title);
    expect(home).not.toContain(SEED.episodes.find((e) => !e.isPublished)!.title);
  });
});
