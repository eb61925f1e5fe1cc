import { describe, expect } from "vitest";
import { appTest, SPOTIFY, YOUTUBE, type TestApp } from "../test/harness";

const it = appTest();

/** Every state-changing route of the API table (docs/product.md §7) plus the contract's additions (docs/product.md). */
const MUTATIONS: [method: "post" | "put" | "delete", path: string, body?: object][] = [
  ["post", "/api/settings", { key: "podcast_title", value: "Hacked" }],
  ["put", "/api/settings", { settings: [{ key: "podcast_title", value: "Hacked" }] }],
  ["post", "/api/providers", { name: "P", url: "https://p.example", icon: "fa-p" }],
  ["put", "/api/providers/1", { name: "Hacked" }],
  ["delete", "/api/providers/1"],
  ["post", "/api/providers/1/swap", { withId: 2 }],
  ["post", "/api/episodes", { title: "E", spotifyEmbedUrl: SPOTIFY(9) }],
  ["put", "/api/episodes/1", { title: "Hacked" }],
  ["delete", "/api/episodes/1"],
  ["post", "/api/episodes/1/swap", { withId: 2 }],
  ["post", "/api/clips", { title: "C", youtubeEmbedUrl: YOUTUBE() }],
  ["put", "/api/clips/1", { title: "Hacked" }],
  ["delete", "/api/clips/1"],
  ["post", "/api/clips/1/swap", { withId: 2 }],
  ["post", "/api/objects/upload"],
  ["post", "/api/editor-access-log", { password: "x", success: true, userAgent: "x" }],
];

async function snapshot(t: TestApp) {
  const admin = await t.admin();
  const [episodes, clips, providers, settings] = await Promise.all(
    ["/api/episodes", "/api/clips", "/api/providers", "/api/settings"].map((p) => admin.get(p).then((r) => r.body)),
  );
  return JSON.stringify({ episodes, clips, providers, settings });
}

/** A title and two of each item (ids 1 and 2), for the writes to aim at. */
async function fillSite(t: TestApp) {
  const admin = await t.admin();
  await admin.post("/api/settings").send({ key: "podcast_title", value: "Original" }).expect(200);
  for (const n of [1, 2]) {
    await admin.post("/api/providers").send({ name: `P${n}`, url: "https://p.example", icon: "fa-p" }).expect(201);
    await admin.post("/api/episodes").send({ title: `E${n}`, spotifyEmbedUrl: SPOTIFY(n) }).expect(201);
    await admin.post("/api/clips").send({ title: `C${n}`, youtubeEmbedUrl: YOUTUBE() }).expect(201);
  }
}

describe("access control", () => {
  it("when a visitor sends any state-changing request, then 401 with a JSON message and nothing changes", async ({ t }) => {
    await fillSite(t);
    const before = await snapshot(t);
    for (const [method, path, body] of MUTATIONS) {
      const res = await t.request[method](path).send(body ?? {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toBe("Admin login required");
    }
    expect(await snapshot(t)).toBe(before);
  });

  it("when a logged-in request comes from a foreign Origin or a cross-site fetch, then 403 and nothing changes", async ({ t }) => {
    await fillSite(t);
    const admin = await t.admin();
    const before = await snapshot(t);
    for (const [method, path, body] of MUTATIONS) {
      const res = await admin[method](path).set("Origin", "https://evil.example").send(body ?? {});
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    await admin.post("/api/settings").set("Sec-Fetch-Site", "cross-site").send({ key: "podcast_title", value: "x" }).expect(403);
    await t.request.post("/api/auth/login").set("Origin", "https://evil.example").send({ email: "a", password: "b" }).expect(403);
    expect(await snapshot(t)).toBe(before);
    await admin.post("/api/settings").set("Origin", "http://localhost:5000").send({ key: "podcast_title", value: "Same origin" }).expect(200);
  });

  it("when a write arrives as a form or plain text, then 415", async ({ t }) => {
    const admin = await t.admin();
    await admin.post("/api/settings").type("form").send({ key: "podcast_title", value: "x" }).expect(415);
    await admin.post("/api/settings").set("Content-Type", "text/plain").send('{"key":"podcast_title","value":"x"}').expect(415);
  });
});

describe("errors and health", () => {
  it("when the database answers, then /api/health is 200", async ({ t }) => {
    await t.request.get("/api/health").expect(200, { status: "ok" });
  });

  it("when a route does not exist, then a JSON 404 without a stack trace", async ({ t }) => {
    const res = await t.request.get("/api/nothing-here").expect(404);
    expect(res.body.message).toMatch(/No API route/);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it("when a body is huge or ids are out of range, then a 4xx, never a 500", async ({ t }) => {
    const admin = await t.admin();
    const huge = await admin.post("/api/clips").send({ title: "x", youtubeEmbedUrl: YOUTUBE(), content: "x".repeat(1_100_000) });
    expect(huge.status).toBe(413);
    await admin.put("/api/episodes/99999999999999999999").send({ title: "x" }).expect(404);
    await admin.put("/api/episodes/-1").send({ title: "x" }).expect(404);
    await admin.post("/api/episodes").send({ title: "x", spotifyEmbedUrl: SPOTIFY(1), sortOrder: 1e12 }).expect(400);
    const nul = await admin.post("/api/episodes").send({ title: "a\u0000b", spotifyEmbedUrl: SPOTIFY(1) });
    expect(nul.status).toBeLessThan(500);
  });

  it("when responses are sent, then helmet's headers are there and X-Powered-By is not", async ({ t }) => {
    const res = await t.request.get("/api/health");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toMatch(/frame-src https:\/\/open.spotify.com/);
    // The upload preview's blob: images, and only images: scripts and frames never load from blob:.
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/i\.ytimg\.com https:\/\/img\.youtube\.com;/);
    expect(csp.split(";").filter((d) => d.includes("blob:")).map((d) => d.trim().split(" ")[0])).toEqual(["img-src"]);
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-request-id"]).toBeTruthy();
  });
});

describe("database errors", () => {
  it("when the database refuses a value (a unique clash raced past the check), then 409, not 500", async ({ t }) => {
    const admin = await t.admin();
    await admin.post("/api/clips").send({ title: "Race", youtubeEmbedUrl: YOUTUBE() }).expect(201);
    // Two creates with the same new slug at once: one wins, the other must be a clean 409.
    const results = await Promise.all(
      [1, 2, 3].map(() => admin.post("/api/clips").send({ title: "Same slug", youtubeEmbedUrl: YOUTUBE() })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
  });
});
