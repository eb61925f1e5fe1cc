// A feed switch to another show: the new show's title, description, artwork and hosts offered in
// one step (GET /api/feed/show), taken or kept in one transaction (POST /api/feed/adopt-show).
import fs from "node:fs";
import sharp from "sharp";
import type supertest from "supertest";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { feedXml, setFeedUrl, useFeedServer } from "../../test/feed-server";
import { createFakeClient } from "../../test/fake-client";
import { createTestApp, type TestApp } from "../../test/harness";

const host = useFeedServer();
const clientDir = createFakeClient();
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
let t: TestApp;
let admin: supertest.Agent;

beforeEach(async () => {
  t = await createTestApp({
    clientDir,
    config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, feedAllowPrivate: true },
    feedFetchLimits: { timeoutMs: 2_000, maxBytes: 2_000_000 },
  });
  admin = await t.admin();
});
afterEach(() => t.close());

const jpeg = (red: number) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r: red, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();

const channel = (title: string, description: string, image: string, hostTag: string) =>
  `<title>${title}</title><link>https://show.example/</link><description>${description}</description>` +
  `<itunes:image href="${host.url(image)}"/>${hostTag}`;

/** The first show synced, its artwork taken, and an About page of the owner's naming it and its host. */
async function firstShow() {
  host.routes.set("/first.jpg", { body: await jpeg(200), headers: { "Content-Type": "image/jpeg" } });
  host.routes.set("/second.jpg", { body: await jpeg(20), headers: { "Content-Type": "image/jpeg" } });
  host.routes.set("/first.xml", {
    body: feedXml(
      [{ title: "First episode" }],
      channel("The Deprogram", "Three friends talk politics", "/first.jpg", "<itunes:author>Hakim</itunes:author>"),
    ),
  });
  host.routes.set("/second.xml", {
    body: feedXml(
      [{ title: "Second episode" }],
      channel(
        "Oxide and Friends",
        "Bryan and Adam talk computers",
        "/second.jpg",
        '<podcast:person role="host">Bryan</podcast:person><podcast:person role="host">Adam</podcast:person>',
      ),
    ),
  });
  await setFeedUrl(admin, host.url("/first.xml"));
  await admin.post("/api/feed/sync").send({}).expect(200);
  // The artwork is fetched after the sync answers.
  const identity = await vi.waitFor(
    async () => {
      const body = (await admin.get("/api/identity").expect(200)).body;
      expect(body.images.artwork).not.toBeNull();
      return body;
    },
    { timeout: 10_000, interval: 100 },
  );
  await admin
    .put("/api/identity/about")
    .send({
      title: "About The Deprogram",
      intro: "The Deprogram is three friends.",
      hosts: [{ name: "Hakim", role: "Host", bio: "", photo: null }],
    })
    .expect(200);
  return identity.images.artwork as string;
}

async function switchToSecond() {
  await setFeedUrl(admin, host.url("/second.xml"));
  await admin.post("/api/feed/sync").send({}).expect(200);
}
const offer = async () => (await admin.get("/api/feed/show").expect(200)).body.offer;
const setting = async (key: string) => (await t.request.get(`/api/settings/${key}`).expect(200)).body.value as string;
const adopt = (body: unknown) => admin.post("/api/feed/adopt-show").send(body as object);

describe("switching the feed to another show", () => {
  it("when the feed's address is changed to another show's and synced, then its title, description, artwork and hosts are offered, old and new", async () => {
    const oldArtwork = await firstShow();
    expect(await offer()).toBeNull();
    await switchToSecond();
    const offered = await offer();
    expect(offered).toMatchObject({ url: host.url("/second.xml"), showTitle: "Oxide and Friends" });
    expect(offered.changes).toEqual([
      { field: "title", from: "The Deprogram", to: "Oxide and Friends", aboutTitle: "About The Deprogram" },
      {
        field: "description",
        from: "Three friends talk politics",
        to: "Bryan and Adam talk computers",
        aboutIntro: "The Deprogram is three friends.",
      },
      { field: "artwork", from: oldArtwork, to: expect.stringMatching(/^\/objects\/[0-9a-f-]{36}$/) },
      { field: "hosts", from: ["Hakim"], to: ["Bryan", "Adam"] },
    ]);
    // Nothing is taken before the owner says so.
    expect(await setting("podcast_title")).toBe("The Deprogram");
  });

  it("when the owner takes the new show, then its title, description, artwork and hosts are the site's and no page names the old show", async () => {
    await firstShow();
    await switchToSecond();
    const newArtwork = (await offer()).changes.find((c: { field: string }) => c.field === "artwork").to;

    const res = await adopt({ take: ["title", "description", "artwork", "hosts"] }).expect(200);
    expect(res.body).toEqual({ taken: ["title", "description", "artwork", "hosts"] });

    expect(await setting("podcast_title")).toBe("Oxide and Friends");
    expect(await setting("podcast_description")).toBe("Bryan and Adam talk computers");
    const identity = (await t.request.get("/api/identity").expect(200)).body;
    expect(identity.images.artwork).toBe(newArtwork);
    expect(identity.about).toMatchObject({ title: "", intro: "" });
    expect(identity.about.hosts.map((h: { name: string }) => h.name)).toEqual(["Bryan", "Adam"]);
    expect((await admin.get("/api/settings").expect(200)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: "podcast_title", value: "Oxide and Friends" })]),
    );
    for (const path of ["/", "/about", "/listen", "/archive"]) {
      const html = (await t.request.get(path).expect(200)).text;
      expect(html, path).toContain("Oxide and Friends");
      expect(html, path).not.toContain("Deprogram");
      expect(html, path).not.toContain("Hakim");
    }
    expect(await offer()).toBeNull();
  });

  it("when the owner keeps their show, then nothing of theirs changes and the offer is gone", async () => {
    const oldArtwork = await firstShow();
    await switchToSecond();
    const before = (await t.request.get("/api/identity").expect(200)).body.about;
    expect((await adopt({ take: [] }).expect(200)).body).toEqual({ taken: [] });
    expect(await setting("podcast_title")).toBe("The Deprogram");
    expect(await setting("podcast_description")).toBe("Three friends talk politics");
    const identity = (await t.request.get("/api/identity").expect(200)).body;
    expect(identity.images.artwork).toBe(oldArtwork);
    expect(identity.about).toEqual(before);
    expect(await offer()).toBeNull();
    // A later sync of the same feed does not ask again.
    await admin.post("/api/feed/sync").send({}).expect(200);
    expect(await offer()).toBeNull();
  });

  it("when the owner takes only the title, then the rest stays theirs", async () => {
    const oldArtwork = await firstShow();
    await switchToSecond();
    await adopt({ take: ["title"] }).expect(200);
    expect(await setting("podcast_title")).toBe("Oxide and Friends");
    expect(await setting("podcast_description")).toBe("Three friends talk politics");
    const identity = (await t.request.get("/api/identity").expect(200)).body;
    expect(identity.images.artwork).toBe(oldArtwork);
    expect(identity.about).toMatchObject({ title: "", intro: "The Deprogram is three friends.", hosts: [{ name: "Hakim" }] });
  });

  it("when the answer is not a list of the offered fields, then it is a 400 or 409 and nothing changes", async () => {
    await firstShow();
    await switchToSecond();
    for (const body of [{}, { take: "all" }, { take: ["logo"] }, { take: ["title", "title"] }, { take: [], extra: 1 }]) {
      const res = await adopt(body).expect(400);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: expect.any(String) });
    }
    await t.request.post("/api/feed/adopt-show").set("Origin", "http://localhost:5000").send({ take: [] }).expect(401);
    expect(await setting("podcast_title")).toBe("The Deprogram");
    expect((await offer()).changes).toHaveLength(4);

    // The owner renamed the show by hand meanwhile to the new name: the title is no longer offered.
    await admin.post("/api/settings").send({ key: "podcast_title", value: "Oxide and Friends" }).expect(200);
    await admin
      .put("/api/identity/about")
      .send({ title: "", intro: "The Deprogram is three friends.", hosts: [{ name: "Hakim", role: "Host", bio: "", photo: null }] })
      .expect(200);
    expect((await adopt({ take: ["title"] }).expect(409)).body.code).toBe("CONFLICT");
    expect(await setting("podcast_description")).toBe("Three friends talk politics");
  });

  it("when nothing is offered, then an answer is a 404; a show that only moved address offers nothing", async () => {
    await firstShow();
    expect((await adopt({ take: [] }).expect(404)).body.code).toBe("NOT_FOUND");
    host.routes.set("/moved.xml", host.routes.get("/first.xml")!);
    await setFeedUrl(admin, host.url("/moved.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    expect(await offer()).toBeNull();
  });

  it("when the address changes again before the owner answers, then the old offer is not shown for the new address", async () => {
    await firstShow();
    await switchToSecond();
    await setFeedUrl(admin, host.url("/first.xml"));
    expect(await offer()).toBeNull();
    await adopt({ take: ["title"] }).expect(404);
  });
});
