import type supertest from "supertest";
import { describe, expect } from "vitest";
import { appTest, postClip, postEpisode, SPOTIFY, YOUTUBE } from "./test/harness";

const it = appTest();

/** One episode, clip and provider (id 1 of each), for the routes below to aim at. */
async function addOneOfEach(admin: supertest.Agent) {
  await postEpisode(admin, { title: "E", spotifyEmbedUrl: SPOTIFY(1) });
  await postClip(admin, { title: "C", youtubeEmbedUrl: YOUTUBE() });
  await admin.post("/api/providers").send({ name: "P", url: "https://p.example", icon: "fa-p" }).expect(201);
}

const deep = (n: number): unknown => (n === 0 ? "x" : { a: deep(n - 1) });

/** Boundary and hostile JSON bodies: wrong types, prototype keys, deep nesting, odd text. */
const BODIES: unknown[] = [
  null,
  0,
  -1,
  true,
  "string",
  [],
  [{}],
  {},
  { __proto__: { isAdmin: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
  deep(200),
  { title: null, name: null, key: null, value: null, password: null },
  { title: 1e308, sortOrder: Number.MAX_SAFE_INTEGER, isPublished: "true" },
  { title: "\u0000", slug: "\u202e", name: "😀".repeat(1000), url: "https://" + "a".repeat(3000) },
  { title: "x", spotifyEmbedUrl: SPOTIFY(1), sortOrder: -5 },
  { title: "x", youtubeEmbedUrl: YOUTUBE(), slug: "a".repeat(500) },
  { key: "site_theme", value: '{"id":"custom","hue":"NaN"}' },
  { key: "__proto__", value: "x" },
  { withId: "1; DROP TABLE episodes" },
  { email: ["a"], password: { $gt: "" } },
  { password: ["podedit42"] },
];

const ROUTES: [method: "post" | "put", path: string][] = [
  ["post", "/api/auth/login"],
  ["post", "/api/settings"],
  ["put", "/api/settings"],
  ["post", "/api/providers"],
  ["put", "/api/providers/1"],
  ["post", "/api/providers/1/swap"],
  ["post", "/api/episodes"],
  ["put", "/api/episodes/1"],
  ["post", "/api/episodes/1/swap"],
  ["post", "/api/clips"],
  ["put", "/api/clips/1"],
  ["post", "/api/clips/1/swap"],
  ["post", "/api/editors/unlock"],
  ["post", "/api/editor-access-log"],
];

describe("body fuzz", () => {
  it("when any route gets hostile or boundary JSON, then it answers 4xx JSON, never 5xx, and the data is unchanged", async ({ admin }) => {
    await addOneOfEach(admin);
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all(["/api/episodes", "/api/clips", "/api/providers", "/api/settings"].map((p) => admin.get(p).then((r) => r.body))),
      );
    const before = await snapshot();
    for (const [method, path] of ROUTES) {
      for (const body of BODIES) {
        const res = await admin[method](path).set("Content-Type", "application/json").send(JSON.stringify(body));
        const label = `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`;
        // A body that is not a JSON object or array is refused as a request (BAD_REQUEST) before
        // any route reads it; every other is checked by the route's schema (VALIDATION).
        const notAnObject = body === null || typeof body !== "object";
        expect(res.status, label).toBe(400);
        expect(res.body.code, label).toBe(notAnObject ? "BAD_REQUEST" : "VALIDATION");
        expect(typeof res.body.message, label).toBe("string");
      }
    }
    expect(await snapshot()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("when a GET carries odd query strings or slugs, then each gets its own answer and nothing changes", async ({ t, admin }) => {
    await addOneOfEach(admin);
    for (const [path, status] of [
      // Unknown parameters are ignored: a visitor's list stays a visitor's.
      ["/api/episodes?isPublished=false", 200],
      ["/api/clips?includeDrafts=1", 200],
      ["/api/settings/site_theme?x[]=1", 200],
      // A slug no clip has, and one whose escape is broken.
      ["/api/clips/slug/%00", 404],
      ["/api/clips/slug/%E0%A4%A", 400],
    ] as const) {
      const res = await t.request.get(path);
      expect(res.status, path).toBe(status);
    }
    const visitor = await t.request.get("/api/episodes?isPublished=false").expect(200);
    expect(visitor.body.every((e: { isPublished: boolean }) => e.isPublished)).toBe(true);
  });
});
