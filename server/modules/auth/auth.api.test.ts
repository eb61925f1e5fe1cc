import crypto from "node:crypto";
import supertest from "supertest";
import { describe, expect, vi } from "vitest";
import { verifyPassword } from "./passwords";
import { ADMIN_EMAIL, ADMIN_PASSWORD, appTest, createTestApp } from "../../test/harness";

const it = appTest();
/** An app whose passwords cost more than the test admin's stored hash (N=2^10), as after an upgrade. */
const costlier = appTest({ passwordCost: { N: 2 ** 11, r: 8, p: 1 } });

const cookieOf = (res: supertest.Response) => ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("sid="));

describe("POST /api/auth/login", () => {
  it("when the credentials are right, then it answers 200 with the username and an httpOnly, SameSite=Lax cookie", async ({ t }) => {
    const res = await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: ADMIN_EMAIL, isAdmin: true, role: "owner" });
    const cookie = cookieOf(res)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("when the e-mail differs only in case, then it still logs in", async ({ t }) => {
    await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD }).expect(200);
  });

  it("when the password is wrong or the e-mail unknown, then both answer the same 401 body", async ({ t }) => {
    const wrong = await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: "nope-nope" });
    const unknown = await t.request.post("/api/auth/login").send({ email: "someone@example.com", password: "nope-nope" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(wrong.body)).toEqual(strip(unknown.body));
    expect(cookieOf(wrong)).toBeUndefined();
  });

  it("when the body is missing fields, has unknown fields or is not JSON, then it answers 400 or 415 with a message", async ({ t }) => {
    const missing = await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/password/);
    expect(missing.body.errors[0].path).toBe("password");
    const extra = await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: "x", admin: true });
    expect(extra.status).toBe(400);
    const broken = await t.request.post("/api/auth/login").set("Content-Type", "application/json").send("{not json");
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/JSON/);
    const form = await t.request.post("/api/auth/login").type("form").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(form.status).toBe(415);
  });

  it("when the password is over 1 KB, then it is refused with 400 before any hashing", async ({ t }) => {
    const hashes = vi.spyOn(crypto, "scrypt");
    try {
      const res = await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: "x".repeat(1025) });
      expect(res.status).toBe(400);
      expect(hashes).not.toHaveBeenCalled();
    } finally {
      hashes.mockRestore();
    }
  });

  it("when the e-mail is unknown, then a password hash is still computed (no timing difference to find accounts)", async ({ t }) => {
    const hashes = vi.spyOn(crypto, "scrypt");
    try {
      await t.request.post("/api/auth/login").send({ email: "nobody@example.com", password: "whatever-1" }).expect(401);
      expect(hashes).toHaveBeenCalled();
    } finally {
      hashes.mockRestore();
    }
  });

  it("when logging in, then the session id is a new one (no fixation)", async ({ t }) => {
    const agent = supertest.agent(t.app.listener);
    await agent.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: "wrong-one" });
    const first = await agent.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const second = await agent.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(cookieOf(first)).toBeDefined();
    expect(cookieOf(second)).toBeDefined();
    expect(cookieOf(first)!.split(";")[0]).not.toBe(cookieOf(second)!.split(";")[0]);
  });
});

describe("password hashes of an older cost", () => {
  const hashOf = async (t: { db: { database: { pool: { query: (sql: string) => Promise<{ rows: { password_hash: string }[] }> } } } }) =>
    (await t.db.database.pool.query("SELECT password_hash FROM users")).rows[0]!.password_hash;

  costlier(
    "when the admin logs in against a hash of a lower cost than the app's, then it is stored again at the app's cost and still verifies",
    async ({ t }) => {
      expect(await hashOf(t)).toMatch(/^scrypt\$1024\$8\$1\$/);

      await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);

      const rehashed = await hashOf(t);
      expect(rehashed).toMatch(/^scrypt\$2048\$8\$1\$/);
      expect(await verifyPassword(ADMIN_PASSWORD, rehashed)).toBe(true);
      await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
      expect(await hashOf(t)).toBe(rehashed);
    },
  );

  costlier("when a login with a hash of a lower cost fails, then the hash is left as it was", async ({ t }) => {
    const before = await hashOf(t);

    await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: "not-the-password" }).expect(401);

    expect(await hashOf(t)).toBe(before);
  });
});

describe("GET /api/auth/me and POST /api/auth/logout", () => {
  it("when nobody is logged in, then /me answers 401", async ({ t }) => {
    const res = await t.request.get("/api/auth/me");
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  it("when logged in, then /me names the admin; after logout the old cookie is dead", async ({ t }) => {
    const login = await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const cookie = cookieOf(login)!.split(";")[0]!;
    await t.request.get("/api/auth/me").set("Cookie", cookie).expect(200, { username: ADMIN_EMAIL, isAdmin: true, role: "owner" });
    await t.request.post("/api/auth/logout").set("Cookie", cookie).expect(200);
    await t.request.get("/api/auth/me").set("Cookie", cookie).expect(401);
    await t.request.post("/api/episodes").set("Cookie", cookie).send({}).expect(401);
  });

  it("when the app restarts (or another instance answers), then the session still works", async ({ t }) => {
    const login = await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const cookie = cookieOf(login)!.split(";")[0]!;
    const second = t.restart();
    await supertest(second.listener).get("/api/auth/me").set("Cookie", cookie).expect(200);
  });
});

describe("login throttling", () => {
  it("when a client keeps failing, then it gets 429 with Retry-After before any hashing, even with the right password", async () => {
    const limited = await createTestApp({ limits: { loginFailures: 3, auditionFailures: 1000 } });
    try {
      for (let i = 0; i < 3; i++) {
        await limited.request
          .post("/api/auth/login")
          .send({ email: ADMIN_EMAIL, password: `bad-${i}` })
          .expect(401);
      }
      const hashes = vi.spyOn(crypto, "scrypt");
      const res = await limited.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(res.status).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(30);
      expect(res.body.message).toMatch(/Too many/);
      // Refused before any password hashing, and the count is shared by every instance.
      await supertest(limited.restart().listener)
        .post("/api/auth/login")
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
        .expect(429);
      expect(hashes).not.toHaveBeenCalled();
      hashes.mockRestore();
    } finally {
      await limited.close();
    }
  });
});
