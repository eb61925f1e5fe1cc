import sharp from "sharp";
import type supertest from "supertest";
import { describe, expect } from "vitest";
import { binary } from "../../test/bytes";
import { appTest, postClip, postEpisode, SPOTIFY, YOUTUBE } from "../../test/harness";

const it = appTest({ config: { publicUrl: "http://show.example", env: "test", trustProxy: undefined } });

/** The PNG an .ico carries (one image, stored as PNG), after checking its header says so. */
function pngOf(ico: Buffer): Buffer {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
  const png = ico.subarray(ico.readUInt32LE(18), ico.readUInt32LE(18) + ico.readUInt32LE(14));
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return png;
}

async function uploadArtwork(admin: supertest.Agent): Promise<string> {
  const pixels = Buffer.alloc(600 * 600 * 3, 200);
  const jpeg = await sharp(pixels, { raw: { width: 600, height: 600, channels: 3 } })
    .jpeg()
    .toBuffer();
  const { uploadURL } = (await admin.post("/api/objects/upload").expect(200)).body;
  await admin.put(uploadURL).send(jpeg).expect(200);
  return (await admin.put("/api/identity/images").send({ artwork: uploadURL }).expect(200)).body.images.artwork as string;
}

describe("sitemap.xml", () => {
  it("when episodes and clips were made or imported today, then each one's lastmod is its own date: an episode's publication, else its last change; a clip's last change", async ({
    t,
    admin,
  }) => {
    await postEpisode(admin, { title: "Dated", slug: "dated", spotifyEmbedUrl: SPOTIFY(1), publishedAt: "2023-01-05" });
    await postEpisode(admin, { title: "Undated", slug: "undated", spotifyEmbedUrl: SPOTIFY(2) });
    await postClip(admin, { title: "Old clip", slug: "old-clip", youtubeEmbedUrl: YOUTUBE() });
    // As if the undated episode and the clip had last changed long ago.
    await t.db.database.pool.query("UPDATE episodes SET updated_at = '2022-06-07T10:00:00Z' WHERE slug = 'undated'");
    await t.db.database.pool.query("UPDATE clips SET updated_at = '2021-02-03T10:00:00Z' WHERE slug = 'old-clip'");
    const sitemap = (await t.request.get("/sitemap.xml").expect(200)).text;
    expect(sitemap).toContain("<loc>http://show.example/episode/dated</loc><lastmod>2023-01-05</lastmod>");
    expect(sitemap).toContain("<loc>http://show.example/episode/undated</loc><lastmod>2022-06-07</lastmod>");
    expect(sitemap).toContain("<loc>http://show.example/clips/old-clip</loc><lastmod>2021-02-03</lastmod>");
    expect(sitemap).not.toContain(`<lastmod>${new Date().toISOString().slice(0, 10)}</lastmod>`);
  });
});

describe("the web app manifest", () => {
  it("when the show's name is longer than a launcher shows, then short_name is cut after a whole word", async ({ t, admin }) => {
    await admin.post("/api/settings").send({ key: "podcast_title", value: "Pain and Learning Podcast" }).expect(200);
    const manifest = JSON.parse((await t.request.get("/manifest.webmanifest").buffer(true).expect(200)).text) as {
      name: string;
      short_name: string;
    };
    expect(manifest).toMatchObject({ name: "Pain and Learning Podcast", short_name: "Pain and" });
  });
});

describe("/favicon.ico", () => {
  it("when the show has no artwork, then it is the site's default icon, 32 px, as an .ico", async ({ t }) => {
    const res = await t.request.get("/favicon.ico").buffer(true).parse(binary).expect(200);
    expect(res.headers["content-type"]).toBe("image/x-icon");
    const meta = await sharp(pngOf(res.body as Buffer)).metadata();
    expect([meta.width, meta.height]).toEqual([32, 32]);
    await t.request.get("/favicon.ico").set("If-None-Match", res.headers.etag!).expect(304);
  });

  it("when the show has artwork, then it is the artwork's 32 px icon, the one the pages link", async ({ t, admin }) => {
    const before = (await t.request.get("/favicon.ico").buffer(true).parse(binary).expect(200)).body as Buffer;
    const artwork = await uploadArtwork(admin);
    const res = await t.request.get("/favicon.ico").buffer(true).parse(binary).expect(200);
    const icon = (await t.request.get(`${artwork}/icon-32.png`).buffer(true).parse(binary).expect(200)).body as Buffer;
    expect(Buffer.compare(pngOf(res.body as Buffer), icon)).toBe(0);
    expect(Buffer.compare(res.body as Buffer, before)).not.toBe(0);
  });
});
