import type { Express } from "express";
import { describe, expect } from "vitest";
import { appTest, postClip, postEpisode, SPOTIFY, type TestApp, YOUTUBE } from "./test/harness";

const it = appTest();

/** One entry of router 2.x's `listRoutes()` (Express 5's `app.router` and every `Router()` are such routers). */
interface ListedRoute {
  path: string | RegExp;
  methods?: string[];
  router?: Partial<RouteLister>;
}
interface RouteLister {
  listRoutes(): ListedRoute[];
}

const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

/**
 * Every write the app routes, as "METHOD /full/path", read from Express's own router and the
 * routers mounted in it, so a route added tomorrow is probed without anyone listing it here.
 */
function writeRoutesOf(app: Express): string[] {
  const found = new Set<string>();
  const walk = (router: Partial<RouteLister>, prefix: string) => {
    if (typeof router.listRoutes !== "function") throw new Error(`cannot list the routes mounted at ${prefix || "/"}`);
    for (const { path, methods = [], router: mounted } of router.listRoutes()) {
      const writes = methods.flatMap((m) => (m === "*" ? WRITE_METHODS : [m])).filter((m) => WRITE_METHODS.includes(m));
      if (typeof path !== "string") {
        // A read-only pattern (the clip share image's) needs no probe; a write or a router there would.
        if (mounted || writes.length > 0)
          throw new Error(`a write under ${prefix || "/"} has a RegExp path, which this test cannot fill in`);
        continue;
      }
      const full = prefix + (path === "/" ? "" : path);
      if (mounted) walk(mounted, full);
      for (const m of writes) found.add(`${m} ${full || "/"}`);
    }
  };
  walk((app as unknown as { router: RouteLister }).router, "");
  return [...found];
}

/**
 * The writes docs/product.md opens to visitors (modules/auth/guards.ts): logging in and out, the audition,
 * and the candidate's hand-in, authorised by the audition code and its upload's token instead
 * (server/modules/auditions/auditions.api.test.ts holds those refusals).
 */
const PUBLIC_WRITES = [
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "POST /api/editors/unlock",
  "POST /api/editors/hand-ins",
  "POST /api/editors/hand-ins/:id/resume",
  "POST /api/editors/hand-ins/:id/sign",
  "PUT /api/editors/hand-ins/:id/parts/:n",
  "POST /api/editors/hand-ins/:id/complete",
  "DELETE /api/editors/hand-ins/:id",
  // A listener's message and its recording (authorised by the single-use token of its upload address).
  "POST /api/messages",
  "PUT /api/messages/:id/audio",
  // An invited person setting their password (authorised by the invitation's token).
  "POST /api/users/accept",
];

/**
 * A body the admin's request would be accepted with, so that a missing guard shows as a change.
 * Every route named here must be found by the walk; a route that is not gets an empty body.
 */
const BODIES: Record<string, object> = {
  "POST /api/settings": { key: "podcast_title", value: "Hacked" },
  "PUT /api/settings": { settings: [{ key: "podcast_title", value: "Hacked" }] },
  "POST /api/providers": { name: "P", url: "https://p.example", icon: "fa-p" },
  "PUT /api/providers/:id": { name: "Hacked" },
  "DELETE /api/providers/:id": {},
  "POST /api/providers/:id/swap": { withId: 2 },
  "POST /api/episodes": { title: "E", spotifyEmbedUrl: SPOTIFY(9) },
  "PUT /api/episodes/:id": { title: "Hacked" },
  "DELETE /api/episodes/:id": {},
  "POST /api/episodes/:id/swap": { withId: 2 },
  "POST /api/clips": { title: "C", youtubeEmbedUrl: YOUTUBE() },
  "PUT /api/clips/:id": { title: "Hacked" },
  "DELETE /api/clips/:id": {},
  "POST /api/clips/:id/swap": { withId: 2 },
  "POST /api/objects/upload": {},
  // Not a public write: the address is a secret, yet using it still needs the admin (objects.api.test.ts).
  "PUT /api/objects/uploads/:id": {},
  "POST /api/editor-access-log": { password: "x", success: true, userAgent: "x" },
};

type WriteMethod = "post" | "put" | "patch" | "delete";

/** The route's method and its path with each parameter filled: item 1 (of fillSite), or the pending upload's id. */
function requestOf(route: string, uploadId: string): [method: WriteMethod, path: string] {
  const [method, path] = route.split(" ") as [string, string];
  const filled = path.replace(/[:*](\w+)/g, () => (path.startsWith("/api/objects/uploads/") ? uploadId : "1")).replace(/[{}]/g, "");
  return [method.toLowerCase() as WriteMethod, filled];
}

async function snapshot(t: TestApp) {
  const admin = await t.admin();
  const [episodes, clips, providers, settings, accessLog] = await Promise.all(
    ["/api/episodes", "/api/clips", "/api/providers", "/api/settings", "/api/editor-access-log"].map((p) =>
      admin.get(p).then((r) => r.body),
    ),
  );
  const objects = (await t.db.database.pool.query("SELECT id, status FROM objects ORDER BY id")).rows;
  return JSON.stringify({ episodes, clips, providers, settings, accessLog, objects });
}

/** A title, two of each item (ids 1 and 2) and an upload address not yet used, for the writes to aim at. */
async function fillSite(t: TestApp): Promise<{ uploadId: string }> {
  const admin = await t.admin();
  await admin.post("/api/settings").send({ key: "podcast_title", value: "Original" }).expect(200);
  for (const n of [1, 2]) {
    await admin
      .post("/api/providers")
      .send({ name: `P${n}`, url: "https://p.example", icon: "fa-p" })
      .expect(201);
    await postEpisode(admin, { title: `E${n}`, spotifyEmbedUrl: SPOTIFY(n) });
    await postClip(admin, { title: `C${n}`, youtubeEmbedUrl: YOUTUBE() });
  }
  const { body } = await admin.post("/api/objects/upload").expect(200);
  return { uploadId: String(body.uploadURL).split("/").pop()! };
}

describe("access control", () => {
  it("when the app's routes are walked, then every write is under /api, and the known writes and public ones are found", async ({ t }) => {
    const writes = writeRoutesOf(t.app.express);
    expect(writes).toContain("POST /api/episodes");
    expect(writes).toContain("DELETE /api/clips/:id");
    for (const route of [...Object.keys(BODIES), ...PUBLIC_WRITES]) expect(writes, route).toContain(route);
    // Only /api has requireAdminForWrites in front of it (app.ts).
    expect(writes.filter((route) => !route.split(" ")[1]!.startsWith("/api/"))).toEqual([]);
  });

  it("when a visitor sends any state-changing request, then 401 with a JSON message and nothing changes", async ({ t }) => {
    const { uploadId } = await fillSite(t);
    const guarded = writeRoutesOf(t.app.express).filter((route) => !PUBLIC_WRITES.includes(route));
    expect(guarded.length).toBeGreaterThanOrEqual(Object.keys(BODIES).length);
    const before = await snapshot(t);
    for (const route of guarded) {
      const [method, path] = requestOf(route, uploadId);
      const res = await t.request[method](path)
        .set("Origin", "http://localhost:5000")
        .send(BODIES[route] ?? {});
      expect(res.status, `${route} as ${path}`).toBe(401);
      expect(res.body.message, route).toBe("Admin login required");
    }
    expect(await snapshot(t)).toBe(before);
  });

  it("when a logged-in request comes from a foreign Origin or a cross-site fetch, then 403 and nothing changes", async ({ t }) => {
    const { uploadId } = await fillSite(t);
    const admin = await t.admin();
    const before = await snapshot(t);
    for (const route of writeRoutesOf(t.app.express)) {
      const [method, path] = requestOf(route, uploadId);
      const res = await admin[method](path)
        .set("Origin", "https://evil.example")
        .send(BODIES[route] ?? {});
      expect(res.status, `${route} as ${path}`).toBe(403);
    }
    await admin.post("/api/settings").set("Sec-Fetch-Site", "cross-site").send({ key: "podcast_title", value: "x" }).expect(403);
    await t.request.post("/api/auth/login").set("Origin", "https://evil.example").send({ email: "a", password: "b" }).expect(403);
    expect(await snapshot(t)).toBe(before);
    await admin
      .post("/api/settings")
      .set("Origin", "http://localhost:5000")
      .send({ key: "podcast_title", value: "Same origin" })
      .expect(200);
  });

  it("when a write's Origin is the Host header's own origin but not PUBLIC_URL's, then 403 and nothing changes", async ({ t }) => {
    const admin = await t.admin();
    const before = await snapshot(t);

    // A name pointed at the server (DNS rebinding, another virtual host) makes Host and Origin agree.
    for (const host of ["rebound.example", "127.0.0.1:5000"]) {
      await admin
        .post("/api/settings")
        .set("Host", host)
        .set("Origin", `http://${host}`)
        .send({ key: "podcast_title", value: "x" })
        .expect(403);
    }

    expect(await snapshot(t)).toBe(before);
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
    await admin
      .post("/api/episodes")
      .send({ title: "x", spotifyEmbedUrl: SPOTIFY(1), sortOrder: 1e12 })
      .expect(400);
    const nul = await admin.post("/api/episodes").send({ title: "a\u0000b", spotifyEmbedUrl: SPOTIFY(1) });
    // PostgreSQL keeps no NUL in text: the title is refused with words, not stored cut short.
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe("VALIDATION");
  });

  it("when responses are sent, then helmet's headers are there and X-Powered-By is not", async ({ t }) => {
    const res = await t.request.get("/api/health");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toMatch(/frame-src https:\/\/open.spotify.com/);
    // The upload preview's blob: images and a listener's recording played back, and only those: scripts and frames never load from blob:.
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/i\.ytimg\.com https:\/\/img\.youtube\.com;/);
    expect(
      csp
        .split(";")
        .filter((d) => d.includes("blob:"))
        .map((d) => d.trim().split(" ")[0]),
    ).toEqual(["img-src", "media-src"]);
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-request-id"]).toBeTruthy();
  });
});

describe("database errors", () => {
  it("when creates race for one slug, then an asked-for slug goes to one and the others get a clean 409; a slug made from the title gets -2, -3", async ({
    t,
  }) => {
    const admin = await t.admin();
    const asked = await Promise.all(
      [1, 2, 3].map(() => admin.post("/api/clips").send({ title: "Race", slug: "same-slug", youtubeEmbedUrl: YOUTUBE() })),
    );
    expect(asked.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const made = await Promise.all([1, 2, 3].map(() => admin.post("/api/clips").send({ title: "Same title", youtubeEmbedUrl: YOUTUBE() })));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(made.map((r) => r.body.slug as string).sort()).toEqual(["same-title", "same-title-2", "same-title-3"]);
    const episodes = await Promise.all(
      [1, 2, 3].map((n) => admin.post("/api/episodes").send({ title: "Same", audioUrl: `https://cdn.example/${n}.mp3` })),
    );
    expect(episodes.map((r) => r.body.slug as string).sort()).toEqual(["same", "same-2", "same-3"]);
    expect(new Set(episodes.map((r) => r.body.sortOrder as string)).size).toBe(3);
  });
});
