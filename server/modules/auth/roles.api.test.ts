import type { Express } from "express";
import supertest from "supertest";
import { describe, expect } from "vitest";
import { appTest, type TestApp } from "../../test/harness";
import { ruleFor } from "./roles";

const it = appTest();

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/** Every route the running app's routers declare, as METHOD and full path (their mount paths joined). */
function routesOf(app: Express): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of ([] as string[]).concat(layer.route.path))
          for (const method of Object.keys(layer.route.methods).filter((m) => m !== "_all"))
            found.push({ method: method.toUpperCase(), path: `${prefix}${path === "/" ? "" : path}` || "/" });
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return found;
}

/** A path to request: each parameter filled with something of its kind that names nothing. */
const concrete = (path: string) =>
  path
    .replace(/:key\b/g, "podcast_title")
    .replace(/:n\b/g, "1")
    .replace(/:[A-Za-z]+/g, "999999")
    .replace(/\*[A-Za-z]*/g, "x");

const send = (agent: supertest.Agent | ReturnType<typeof supertest>, method: string, path: string) => {
  const req = (agent as unknown as Record<string, (p: string) => supertest.Test>)[method.toLowerCase()]!(path);
  return method === "GET" || method === "HEAD" ? req : req.send({});
};

async function editorOf(t: TestApp, admin: supertest.Agent): Promise<supertest.Agent> {
  const { url } = (await admin.post("/api/users/invitations").send({ email: "editor@example.com", role: "editor" }).expect(201)).body;
  await t.request
    .post("/api/users/accept")
    .send({ token: String(url).split("/welcome/")[1], password: "a-long-password-1" })
    .expect(201);
  const editor = t.agent();
  await editor.post("/api/auth/login").send({ email: "editor@example.com", password: "a-long-password-1" }).expect(200);
  return editor;
}

describe("the roles' table, walked over every admin route", () => {
  it("when an editor and the owner call every admin route, then each answers as roles.ts classifies it (403 for an editor on the owner's, in any letter case)", async ({
    t,
    admin,
  }) => {
    const editor = await editorOf(t, admin);
    const apiRoutes = routesOf(t.app.express).filter((r) => r.path.startsWith("/api/"));
    expect(apiRoutes.length).toBeGreaterThan(40);
    const admins: { method: string; path: string; role: string }[] = [];
    const unclassified: string[] = [];
    for (const { method, path } of apiRoutes) {
      const anonymous = await send(t.request, method, concrete(path));
      if (anonymous.status !== 401) continue; // a visitor's route or a public write
      const rule = ruleFor(method, path.replace(/^\/api/, ""));
      if (!rule) unclassified.push(`${method} ${path}`);
      else admins.push({ method, path, role: rule.role });
    }
    expect(unclassified, "admin routes that auth/roles.ts does not classify").toEqual([]);
    expect(admins.some((r) => r.role === "owner")).toBe(true);
    expect(admins.some((r) => r.role === "editor")).toBe(true);
    const wrong: string[] = [];
    for (const { method, path, role } of admins) {
      const asEditor = (await send(editor, method, concrete(path))).status;
      if (role === "owner" ? asEditor !== 403 : asEditor === 401 || asEditor === 403)
        wrong.push(`editor ${method} ${path} (${role}): ${asEditor}`);
      // Express matches a route whatever its case: an owner's route with any one segment in
      // capitals (`/feed/MOVE`, which a table of exact segments would read as the editor's `/feed`) is still the owner's.
      if (role === "owner") {
        const parts = concrete(path).split("/");
        for (let i = 2; i < parts.length; i++) {
          const shouted = parts.map((part, j) => (j === i ? part.toUpperCase() : part)).join("/");
          const status = (await send(editor, method, shouted)).status;
          if (status !== 403 && status !== 404) wrong.push(`editor ${method} ${shouted} (owner): ${status}`);
        }
      }
    }
    for (const { method, path } of admins) {
      const asOwner = (await send(admin, method, concrete(path))).status;
      if (asOwner === 401 || asOwner === 403) wrong.push(`owner ${method} ${path}: ${asOwner}`);
    }
    expect(wrong).toEqual([]);
  });

  it("when an editor writes the feed address, the theme, the site's language or the audition code, then 403; the show's texts, 200", async ({
    t,
    admin,
  }) => {
    const editor = await editorOf(t, admin);
    for (const key of ["rss_url", "site_theme", "site_language", "editors_password"]) {
      const res = await editor.post("/api/settings").send({ key, value: "x" });
      expect(res.status, key).toBe(403);
    }
    await editor
      .put("/api/settings")
      .send({
        settings: [
          { key: "podcast_title", value: "A" },
          { key: "rss_url", value: "https://x.example/feed" },
        ],
      })
      .expect(403);
    await editor.post("/api/settings").send({ key: "podcast_title", value: "Our show" }).expect(200);
    await editor.get("/api/backup").expect(403);
    await admin.post("/api/settings").send({ key: "site_language", value: "de" }).expect(200);
  });
});
