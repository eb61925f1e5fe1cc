import supertest from "supertest";
import { describe, expect } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, appTest, type TestApp } from "../../test/harness";
import { ABSOLUTE_LIFETIME_MS, IDLE_LIFETIME_MS } from "./session";

// Behind a TLS-terminating proxy, as the README deploys it.
const it = appTest({ config: { publicUrl: "https://show.example", env: "test", trustProxy: 1 } });

const login = (t: TestApp) =>
  t.request.post("/api/auth/login").set("X-Forwarded-Proto", "https").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });

describe("session cookie", () => {
  it("when served over HTTPS, then the cookie is __Host-sid: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain", async ({ t: https }) => {
    const res = await login(https).expect(200);
    const cookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-sid="))!;
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("when a session is idle, then it lasts at most 7 days; however active, at most 30 days in all", async ({ t: https }) => {
    const res = await login(https).expect(200);
    const cookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-sid="))!;
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(IDLE_LIFETIME_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(IDLE_LIFETIME_MS);

    const pair = cookie.split(";")[0]!;
    const me = () => https.request.get("/api/auth/me").set("X-Forwarded-Proto", "https").set("Cookie", pair);
    await me().expect(200);
    // Age the session past its absolute lifetime, as 30 days of activity would.
    await https.db.database.pool.query("UPDATE session SET sess = jsonb_set(sess::jsonb, '{startedAt}', to_jsonb($1::bigint))::json", [
      Date.now() - ABSOLUTE_LIFETIME_MS - 1000,
    ]);
    await me().expect(401);
  });
});

describe("logout over HTTPS", () => {
  it("when the admin logs out, then the __Host- cookie is replaced by an expired Secure one the browser accepts", async ({ t: https }) => {
    const res = await login(https).expect(200);
    const pair = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("__Host-sid="))!
      .split(";")[0]!;
    const out = await https.request.post("/api/auth/logout").set("X-Forwarded-Proto", "https").set("Cookie", pair).expect(200);
    const cleared = ([] as string[]).concat(out.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-sid="))!;
    expect(cleared).toMatch(/; Secure/);
    expect(cleared).toMatch(/; Path=\//);
    expect(Date.parse(/Expires=([^;]+)/.exec(cleared)![1]!)).toBeLessThan(Date.now());
  });
});

describe("cross-origin reads", () => {
  it("when another site asks, then no CORS header ever allows it", async ({ t: https }) => {
    const preflight = await https.request
      .options("/api/episodes")
      .set("Origin", "https://evil.example")
      .set("Access-Control-Request-Method", "POST");
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();
    const read = await https.request.get("/api/episodes").set("Origin", "https://evil.example").expect(200);
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it.for(["/api/auth/logout", "/api/settings?key=podcast_title&value=x", "/api/objects/upload", "/api/editors/unlock?password=podedit1"])(
    "when GET is used on the write path %s, then it is refused and nothing changes",
    async (p, { t: https }) => {
      const before = (await supertest(https.app.listener).get("/api/episodes")).body;
      const res = await https.request.get(p);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect((await supertest(https.app.listener).get("/api/episodes")).body).toEqual(before);
    },
  );
});
