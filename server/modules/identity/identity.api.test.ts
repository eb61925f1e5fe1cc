import sharp from "sharp";
import type supertest from "supertest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { feedXml, setFeedUrl, useFeedServer } from "../../test/feed-server";
import { createTestApp, postClip, type TestApp, YOUTUBE } from "../../test/harness";

const host = useFeedServer();
let t: TestApp;
let admin: supertest.Agent;

beforeEach(async () => {
  t = await createTestApp({
    config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, feedAllowPrivate: true },
    thumbnailBase: host.url(""),
  });
  admin = await t.admin();
});
afterEach(() => t.close());

/** A real JPEG of the given size (a colour gradient), as a camera or an editor would make it. */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels[i] = (i / 3) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}
async function upload(data: Buffer): Promise<string> {
  const { uploadURL } = (await admin.post("/api/objects/upload").expect(200)).body;
  await admin.put(uploadURL).send(data).expect(200);
  return uploadURL as string;
}

describe("the About page's content", () => {
  it("when nothing is written and there is no feed, then the page has no hosts at all (none made up)", async () => {
    const res = await t.request.get("/api/identity").expect(200);
    expect(res.body).toEqual({
      about: { title: "", intro: "", hosts: [] },
      images: { bannerDesktop: null, bannerMobile: null, artwork: null },
      links: { funding: [], podroll: [] },
      versions: { about: 0, images: 0 },
    });
  });

  it("when the owner writes the page with a host's photo, then it comes back as written, the photo kept here with its sizes", async () => {
    const photo = await upload(await jpeg(900, 600));
    const about = {
      title: "Who we are",
      intro: "Two friends talk.",
      hosts: [{ name: "Ann", role: "Host", bio: "Plays the oboe.", photo }],
    };
    const saved = (await admin.put("/api/identity/about").send(about).expect(200)).body;
    const path = saved.about.hosts[0].photo as string;
    expect(path).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect((await t.request.get("/api/identity").expect(200)).body.about).toEqual({
      ...about,
      hosts: [{ ...about.hosts[0], photo: path }],
    });
    for (const [name, type, width] of [
      ["photo-160.avif", "image/avif", 160],
      ["photo-320.webp", "image/webp", 320],
      ["photo-480.jpeg", "image/jpeg", 480],
    ] as const) {
      const res = await t.request.get(`${path}/${name}`).buffer(true).expect(200);
      expect(res.headers["content-type"]).toBe(type);
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([width, width]);
    }
    await t.request.get(`${path}/photo-321.webp`).expect(404);
    await t.request.get(`${path}/photo-320.gif`).expect(404);
  });

  it("when the owner reads the About data, then no cache may keep it (a kept copy would be saved back); a visitor's may be shared", async () => {
    expect((await admin.get("/api/identity").expect(200)).headers["cache-control"]).toBe("private, no-store");
    expect((await t.request.get("/api/identity").expect(200)).headers["cache-control"]).toMatch(/^public, /);
  });

  it("when the content breaks a rule, then it is 400 and nothing changes", async () => {
    const host = { name: "Ann", role: "", bio: "", photo: null };
    for (const about of [
      { title: "", intro: "", hosts: Array(5).fill(host) },
      { title: "x".repeat(121), intro: "", hosts: [host] },
      { title: "", intro: "x".repeat(3001), hosts: [host] },
      { title: "", intro: "", hosts: [{ ...host, name: " " }] },
      { title: "", intro: "", hosts: [{ ...host, bio: "x".repeat(1001) }] },
      { title: "", intro: "", hosts: [{ ...host, photo: "https://elsewhere.example/a.jpg" }] },
      { title: "", intro: "", hosts: [{ ...host, extra: 1 }] },
    ]) {
      await admin.put("/api/identity/about").send(about).expect(400);
    }
    expect((await t.request.get("/api/identity")).body.about.hosts).toEqual([]);
    await t.request
      .put("/api/identity/about")
      .set("Origin", "http://localhost:5000")
      .send({ title: "", intro: "", hosts: [host] })
      .expect(401);
  });

  it("when a host's words hold markup, then they are kept as the plain text they are", async () => {
    await admin
      .put("/api/identity/about")
      .send({ title: "", intro: "<b>bold</b>", hosts: [{ name: "<script>x</script>", role: "", bio: "", photo: null }] })
      .expect(200);
    const html = (await t.request.get("/api/identity")).text;
    expect(JSON.parse(html).about.hosts[0].name).toBe("<script>x</script>");
  });
});

describe("the feed's hosts", () => {
  const sync = async (channel: string) => {
    host.routes.set("/feed.xml", { body: feedXml([{ title: "One" }], `<title>Show</title>${channel}`) });
    await setFeedUrl(admin, host.url("/feed.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    return (await t.request.get("/api/identity").expect(200)).body.about.hosts as { name: string; role: string; photo: string | null }[];
  };

  it("when the feed names its hosts (podcast:person), then the About page shows them, their photos kept here; guests and other roles are not hosts", async () => {
    host.routes.set("/ann.jpg", { body: await jpeg(400, 400), headers: { "Content-Type": "image/jpeg" } });
    const hosts = await sync(
      `<podcast:person img="${host.url("/ann.jpg")}" href="https://ann.example">Ann Host</podcast:person>` +
        '<podcast:person role="host">Ben Host</podcast:person><podcast:person role="guest">A Guest</podcast:person><podcast:person role="producer" group="crew">A Producer</podcast:person>' +
        "<itunes:author>Not used when people are named</itunes:author>",
    );
    expect(hosts.map((h) => [h.name, h.role])).toEqual([
      ["Ann Host", "Host"],
      ["Ben Host", "Host"],
    ]);
    expect(hosts[0]!.photo).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect(hosts[1]!.photo).toBeNull();
  });

  it("when the feed names no person, then its itunes:author is the host; the owner's own hosts, once written, win", async () => {
    expect((await sync("<itunes:author>The Author</itunes:author>")).map((h) => h.name)).toEqual(["The Author"]);
    await admin
      .put("/api/identity/about")
      .send({ title: "", intro: "", hosts: [{ name: "Me", role: "", bio: "", photo: null }] })
      .expect(200);
    expect((await sync("<itunes:author>The Author</itunes:author>")).map((h) => h.name)).toEqual(["Me"]);
  });
});

describe("the show's pictures", () => {
  it("when the owner sets banners and artwork, then each gets its sizes in AVIF, WebP and JPEG, the artwork its PNG icons", async () => {
    const images = {
      bannerDesktop: await upload(await jpeg(3000, 1200)),
      bannerMobile: await upload(await jpeg(1200, 1000)),
      artwork: await upload(await jpeg(1400, 1400)),
    };
    const saved = (await admin.put("/api/identity/images").send(images).expect(200)).body.images;
    const check = async (path: string, name: string, size: [number, number], type: string) => {
      const res = await t.request.get(`${path}/${name}`).buffer(true).expect(200);
      expect(res.headers["content-type"]).toBe(type);
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual(size);
    };
    await check(saved.bannerDesktop, "banner-desktop-1600.webp", [1600, 480], "image/webp");
    await check(saved.bannerDesktop, "banner-desktop-2400.avif", [2400, 720], "image/avif");
    await check(saved.bannerMobile, "banner-mobile-800.jpeg", [800, 560], "image/jpeg");
    await check(saved.artwork, "artwork-1024.jpeg", [1024, 1024], "image/jpeg");
    await check(saved.artwork, "icon-180.png", [180, 180], "image/png");
    // The original is kept as it was.
    expect((await sharp((await t.request.get(saved.artwork).buffer(true).expect(200)).body as Buffer).metadata()).width).toBe(1400);

    const manifest = (await t.request.get("/manifest.webmanifest").expect(200)).body;
    expect(JSON.parse(typeof manifest === "string" ? manifest : JSON.stringify(manifest)).icons[0].src).toBe(
      `${saved.artwork}/icon-192.png`,
    );
    await admin.put("/api/identity/images").send({ bannerMobile: "" }).expect(200);
    expect((await t.request.get("/api/identity")).body.images).toEqual({ ...saved, bannerMobile: null });
  });

  it("when the feed is synced and the show has no artwork, then the feed's artwork becomes the show's; the owner's own stays", async () => {
    host.routes.set("/art.jpg", { body: await jpeg(600, 600), headers: { "Content-Type": "image/jpeg" } });
    host.routes.set("/feed.xml", {
      body: feedXml([{ title: "One" }], `<title>Show</title><itunes:image href="${host.url("/art.jpg")}"/>`),
    });
    await setFeedUrl(admin, host.url("/feed.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    await t.app.linkedFiles.idle();
    const artwork = (await t.request.get("/api/identity")).body.images.artwork;
    expect(artwork).toMatch(/^\/objects\//);
    const one = (await admin.get("/api/episodes/slug/one").expect(200)).body;
    expect(one.imagePath).toMatch(/^\/objects\//);
    expect(host.requests.filter((r) => r.path === "/art.jpg")).toHaveLength(2);

    const own = (
      await admin
        .put("/api/identity/images")
        .send({ artwork: await upload(await jpeg(500, 500)) })
        .expect(200)
    ).body.images.artwork;
    host.routes.set("/feed.xml", {
      body: feedXml([{ title: "One" }, { title: "Two" }], `<title>Show</title><itunes:image href="${host.url("/art.jpg")}"/>`),
    });
    await admin.post("/api/feed/sync").send({}).expect(200);
    expect((await t.request.get("/api/identity")).body.images.artwork).toBe(own);
  });
});

describe("images the site fetches itself", () => {
  it("when a feed's artwork carries EXIF, then the copy kept here has none", async () => {
    const art = await sharp(await jpeg(600, 600))
      .withExif({ IFD0: { Artist: "Ann Example", Make: "PhoneCo" } })
      .jpeg()
      .toBuffer();
    host.routes.set("/art.jpg", { body: art, headers: { "Content-Type": "image/jpeg" } });
    host.routes.set("/feed.xml", {
      body: feedXml([{ title: "One" }], `<title>Show</title><itunes:image href="${host.url("/art.jpg")}"/>`),
    });
    await setFeedUrl(admin, host.url("/feed.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);

    const artwork = (await t.request.get("/api/identity")).body.images.artwork as string;
    const kept = (await t.request.get(artwork).buffer(true).expect(200)).body as Buffer;

    expect(kept.toString("latin1")).not.toMatch(/Ann Example|PhoneCo/);
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
  });
});

describe("video posters", () => {
  it("when a clip is saved, then its video's thumbnail is fetched by the server and kept as the clip's poster", async () => {
    host.routes.set("/vi/dQw4w9WgXcQ/hqdefault.jpg", { body: await jpeg(480, 360), headers: { "Content-Type": "image/jpeg" } });
    const clip = await postClip(admin, { title: "With poster", youtubeEmbedUrl: YOUTUBE("dQw4w9WgXcQ") });
    const saved = await vi.waitFor(
      async () => {
        const body = (await t.request.get(`/api/clips/slug/${clip.slug}`).expect(200)).body;
        expect(body.posterPath).not.toBeNull();
        return body;
      },
      { timeout: 10_000, interval: 100 },
    );
    const res = await t.request.get(`${saved.posterPath}/poster-260.webp`).buffer(true).expect(200);
    expect((await sharp(res.body as Buffer).metadata()).height).toBe(462);
  });

  it("when the thumbnail cannot be fetched, then the clip stays saved without a poster (the facade keeps its gradient)", async () => {
    const clip = await postClip(admin, { title: "No poster", youtubeEmbedUrl: YOUTUBE("aaaaaaaaaaa") });
    await vi.waitFor(() => expect(host.requests.length).toBeGreaterThan(0), { timeout: 10_000, interval: 100 });
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.request.get(`/api/clips/slug/${clip.slug}`).expect(200)).body).toMatchObject({ title: "No poster", posterPath: null });
  });
});
