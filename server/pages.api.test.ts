import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, YOUTUBE, type TestApp } from "./test/harness";

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-client-"));
fs.mkdirSync(path.join(clientDir, "assets"));
fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>shell</title><div id=root></div>");
fs.writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log(1)");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clientDir });
  const admin = await t.admin();
  await admin.post("/api/clips").send({ title: "Public clip", youtubeEmbedUrl: YOUTUBE() }).expect(201);
  await admin.post("/api/clips").send({ title: "Draft clip", youtubeEmbedUrl: YOUTUBE(), isPublished: false }).expect(201);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("pages", () => {
  it("when a route of the spec is asked for, then the shell comes with 200", async () => {
    for (const p of ["/", "/about", "/listen", "/admin", "/providers", "/episodes", "/admin/clips", "/admin/editors", "/editors", "/clips/public-clip"]) {
      const res = await t.request.get(p);
      expect(res.status, p).toBe(200);
      expect(res.text).toContain("<title>shell</title>");
    }
  });

  it("when a path has malformed escapes, then a 400, not a 500", async () => {
    const res = await t.request.get("/clips/%E0%A4%A");
    expect(res.status).toBe(400);
  });

  it("when the path is unknown, or the clip slug unknown or a draft, then the shell comes with 404", async () => {
    for (const p of ["/nope", "/clips/nope", "/clips/draft-clip", "/admin/nope"]) {
      const res = await t.request.get(p);
      expect(res.status, p).toBe(404);
      expect(res.text).toContain("<title>shell</title>");
    }
  });

  it("when source or secrets are asked for, then nothing of them is served", async () => {
    for (const p of ["/.env", "/.git/config", "/server/app.ts", "/node_modules/express/package.json", "/package.json", "/../package.json"]) {
      const res = await t.request.get(p);
      expect(res.status, p).toBe(404);
      expect(res.text).not.toMatch(/"dependencies"|createApp|\[core\]/);
    }
  });

  it("when a hashed asset is asked for, then it is cached for a year as immutable; a missing one is 404", async () => {
    const res = await t.request.get("/assets/app-abc123.js").expect(200);
    expect(res.headers["cache-control"]).toMatch(/max-age=31536000.*immutable/);
    await t.request.get("/assets/missing.js").expect(404);
  });
});
