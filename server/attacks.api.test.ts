// Longer than 200 lines: the attacks a public site meets, one describe each, against one app per
// test; kept together so a reader sees the whole threat list in one place.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import supertest from "supertest";
import { afterAll, afterEach, describe, expect, vi } from "vitest";
import { PERMISSIONS_POLICY } from "./platform/http/security-headers";
import { ensureAdminAccount } from "./modules/auth/service";
import { createLocalStore } from "./platform/objects/local-store";
import { createShareImages, type ShareImages } from "./modules/share-images/service";
import { binary } from "./test/bytes";
import { ADMIN_EMAIL, ADMIN_PASSWORD, appTest, createTestApp, postClip, type TestApp, YOUTUBE } from "./test/harness";

/** What a penetration test found (OWASP ASVS L2), each held by a test. */

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-client-"));
fs.writeFileSync(
  path.join(clientDir, "index.html"),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>shell</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
);

const it = appTest({ clientDir });
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const proxied = (overrides: Parameters<typeof createTestApp>[0] = {}) =>
  createTestApp({ config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: true }, ...overrides });
/** Runs a test on an app of its own (other limits than the file's), closed after it, pass or fail. */
async function onOwnApp(made: Promise<TestApp>, test: (app: TestApp) => Promise<void>): Promise<void> {
  const app = await made;
  try {
    await test(app);
  } finally {
    await app.close();
  }
}
const rateLimitRows = async (app: TestApp) =>
  (await app.db.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_limits")).rows[0]!.n;

describe("absurd paths (regular-expression denial of service)", () => {
  const slashes = "/".repeat(16_000);

  it("when a page path is 16,000 slashes and a letter, then it is refused with 414 before any pattern runs", async ({ t }) => {
    const res = await t.request.get(`${slashes}x`);
    expect(res.status).toBe(414);
    expect(res.body.message).toBe("The address is too long");
    // An answer like any other: the site's headers and a request id for the log line.
    expect(res.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
    expect(res.headers["content-security-policy"]).toContain("default-src");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("when an API write has such a path, then it is refused with 414 too, before authentication", async ({ t }) => {
    const res = await t.request.post(`/api${slashes}x`).send({});
    expect(res.status).toBe(414);
  });

  it("when a public write's path ends in a slash, then it is still that route, open to visitors", async ({ t }) => {
    await t.request.post("/api/auth/login/").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
  });
});

/** A login from an address, through the trusted proxy, by one browser (an agent) or any visitor: the owner's, unless named. */
const loginFrom = (client: ReturnType<TestApp["agent"]> | TestApp["request"], ip: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) =>
  client.post("/api/auth/login").set("X-Forwarded-For", ip).send({ email, password });

/** A wrong password for an e-mail (the owner's unless named) from an address, through the trusted proxy. */
const guess = (app: TestApp, ip: string, email = ADMIN_EMAIL) => loginFrom(app.request, ip, email, "wrong-guess");

/** With loginFailures 2: failures from 40 addresses use up the account's hour, and the next try blocks it. */
async function blockTheAccount(app: TestApp): Promise<void> {
  for (let i = 0; i < 40; i++) await guess(app, `192.0.2.${i}`).expect(401);
  await guess(app, "192.0.2.100").expect(429);
}

describe("login lock-out", () => {
  it("when one address keeps the account blocked, then the owner from another address still logs in with the right password", async () => {
    // per account+address 2, per address 12, per account 40
    await onOwnApp(proxied({ limits: { loginFailures: 2 } }), async (app) => {
      // Attackers on many addresses exhaust the account's own budget; the try that goes over it blocks the account.
      await blockTheAccount(app);
      const login = (ip: string, password = "wrong-guess") => loginFrom(app.request, ip, ADMIN_EMAIL, password);
      // While it is blocked, an address with no failure gets one try, and no more.
      expect((await login("198.51.100.101")).status).toBe(401);
      expect((await login("198.51.100.101")).status).toBe(429);
      expect((await login("198.51.100.101", ADMIN_PASSWORD)).status).toBe(429);
      // ...and the owner, from an address in good standing, gets in.
      const owner = await loginFrom(app.request, "203.0.113.9");
      expect(owner.status).toBe(200);
    });
  });

  it("when an address is refused, then its further tries (any e-mail) write no row and are not counted against the account", async () => {
    await onOwnApp(proxied({ limits: { loginFailures: 2 } }), async (app) => {
      const attacker = "198.51.100.7";
      for (let i = 0; i < 12; i++) {
        await guess(app, attacker, `user${i}@example.com`).expect(401);
      }
      await guess(app, attacker, "x@example.com").expect(429);
      const rows = await rateLimitRows(app);
      for (let i = 0; i < 100; i++) {
        const res = await guess(app, attacker, `n${i}@example.com`);
        expect(res.status).toBe(429);
      }
      expect(await rateLimitRows(app)).toBe(rows);
      // 100 refused tries with the owner's e-mail did not touch the owner's account: still no row.
      for (let i = 0; i < 100; i++) {
        await guess(app, attacker, ADMIN_EMAIL).expect(429);
      }
      expect(await rateLimitRows(app)).toBe(rows);
      await loginFrom(app.request, "203.0.113.9").expect(200);
    });
  });

  it("when the owner's browser has logged in before, then it gets in while the account and its own address are blocked by others", async () => {
    await onOwnApp(proxied({ limits: { loginFailures: 2 } }), async (app) => {
      const shared = "198.51.100.50"; // the owner and an attacker behind one address (a café, a carrier's NAT)
      const owner = app.agent();
      await loginFrom(owner, shared).expect(200);
      await owner.post("/api/auth/logout").set("X-Forwarded-For", shared).expect(200);
      await blockTheAccount(app);
      await guess(app, shared).expect(401);
      await guess(app, shared).expect(429); // the shared address is blocked too (no longer in good standing)
      // A browser without the cookie, from that address, is refused...
      await loginFrom(app.request, shared).expect(429);
      // ...and the owner's own browser is not.
      await loginFrom(owner, shared).expect(200);
    });
  });

  it("when guesses come from ever new addresses and e-mails, then the site hashes at most its overall number a minute, and the owner's known browser still gets in", async () => {
    await onOwnApp(proxied({ limits: { loginTotal: 5 } }), async (app) => {
      const owner = app.agent();
      await loginFrom(owner, "203.0.113.60").expect(200);
      const statuses = [];
      for (let i = 0; i < 8; i++) {
        const res = await guess(app, `198.18.${i}.1`, `guess${i}@example.com`);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      await loginFrom(owner, "198.18.9.1").expect(200);
    });
  });

  it("when no limits are set, then the site-wide number is 60 failed logins a minute, as the README says", async () => {
    await onOwnApp(proxied(), async (app) => {
      for (let i = 0; i < 60; i++) await guess(app, `198.18.${i}.1`, `guess${i}@example.com`).expect(401);
      await guess(app, "198.18.200.1", "guess-last@example.com").expect(429);
    });
  });

  it("when a known browser keeps failing, then its device is blocked and it is an unknown browser again; a cookie the site did not sign, or signed for another account, counts for nothing", async () => {
    await onOwnApp(proxied({ limits: { loginFailures: 2 } }), async (app) => {
      const owner = app.agent();
      const login = await loginFrom(owner, "203.0.113.20").expect(200);
      const device = ([] as string[]).concat(login.headers["set-cookie"] ?? []).find((c) => c.startsWith("device="))!;
      expect(device).toMatch(/; Path=\/api\/auth; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
      const fail = async (agent: ReturnType<TestApp["agent"]> | TestApp["request"], ip: string, email = ADMIN_EMAIL, cookie?: string) => {
        const req = loginFrom(agent, ip, email, "wrong-guess");
        if (cookie) req.set("Cookie", cookie);
        return (await req).status;
      };
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push(await fail(owner, "203.0.113.30"));
      // Two on the device; then, the device blocked, two on the address and the account; then 429.
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      // A cookie with the device's value but a signature of its own is an unknown browser's.
      const [, value] = /^device=s%3A([^;]+)\.[^.;]+;/.exec(device)!;
      const forged = `device=s%3A${value}.${"A".repeat(43)}`;
      expect([
        await fail(app.request, "203.0.113.40", ADMIN_EMAIL, forged),
        await fail(app.request, "203.0.113.40", ADMIN_EMAIL, forged),
        await fail(app.request, "203.0.113.40", ADMIN_EMAIL, forged),
      ]).toEqual([401, 401, 429]);
      // A fresh known browser, trying another account, is an unknown browser for it.
      const second = app.agent();
      await loginFrom(second, "203.0.113.50").expect(200);
      expect([
        await fail(second, "203.0.113.51", "other@example.com"),
        await fail(second, "203.0.113.51", "other@example.com"),
        await fail(second, "203.0.113.51", "other@example.com"),
      ]).toEqual([401, 401, 429]);
    });
  });

  it("when the site-wide number is used up as well as the account, then an unknown browser's try is refused without using up its address's good standing", async () => {
    await onOwnApp(proxied({ limits: { loginFailures: 2, loginTotal: 45 } }), async (app) => {
      await blockTheAccount(app);
      for (let i = 0; i < 5; i++) await guess(app, `192.0.2.${110 + i}`, `other${i}@example.com`).expect(401);
      await guess(app, "192.0.2.120", "other9@example.com").expect(429); // the site-wide number is used up too
      const rows = await rateLimitRows(app);
      await loginFrom(app.request, "203.0.113.9").expect(429);
      expect(await rateLimitRows(app)).toBe(rows);
    });
  });

  it("when the account is blocked and a fresh address sends a burst of tries at once, then one of them is checked", async () => {
    await onOwnApp(proxied({ limits: { loginFailures: 2 } }), async (app) => {
      await blockTheAccount(app);
      const burst = await Promise.all(Array.from({ length: 6 }, () => guess(app, "198.51.100.77")));
      expect(burst.map((r) => r.status).sort()).toEqual([401, 429, 429, 429, 429, 429]);
    });
  });

  it("when the site is served over HTTPS, then the device cookie is __Secure-device, Secure, and sent to the login routes only", async () => {
    await onOwnApp(createTestApp({ config: { publicUrl: "https://podcast.example", env: "test" } }), async (app) => {
      const res = await app.request
        .post("/api/auth/login")
        .set("Origin", "https://podcast.example")
        .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
        .expect(200);
      const device = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Secure-device="));
      expect(device).toMatch(/; Path=\/api\/auth; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/);
    });
  });

  it("when the e-mail comes with spaces around it, then the right password logs in", async ({ t }) => {
    await t.request
      .post("/api/auth/login")
      .send({ email: `  ${ADMIN_EMAIL} `, password: ADMIN_PASSWORD })
      .expect(200);
  });

  it("when the e-mail holds a NUL byte, then it is a 400 and no query runs", async ({ t }) => {
    const query = vi.spyOn(t.db.database.pool, "query");
    const res = await t.request.post("/api/auth/login").send({ email: `${ADMIN_EMAIL}\u0000`, password: ADMIN_PASSWORD });
    expect(res.status).toBe(400);
    expect(query).not.toHaveBeenCalled();
  });
});

describe("IPv6 clients", () => {
  it("when audition guesses rotate through one /64, then they are counted as one client", async () => {
    await onOwnApp(proxied({ limits: { auditionFailures: 3 } }), async (app) => {
      const statuses = [];
      for (let i = 1; i <= 5; i++) {
        const res = await app.request
          .post("/api/editors/unlock")
          .set("X-Forwarded-For", `2001:db8:7:7::${i.toString(16)}`)
          .send({ password: `guess${i}` });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      await app.request.post("/api/editors/unlock").set("X-Forwarded-For", "2001:db8:7:8::1").send({ password: "guess1" }).expect(401);
    });
  });

  it("when guesses come from many addresses, then the site checks at most the overall number a minute", async () => {
    await onOwnApp(proxied({ limits: { auditionFailures: 10, auditionTotal: 5 } }), async (app) => {
      const statuses = [];
      for (let i = 1; i <= 7; i++) {
        const res = await app.request
          .post("/api/editors/unlock")
          .set("X-Forwarded-For", `192.0.2.${i}`)
          .send({ password: `guess${i}` });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    });
  });
});

describe("sessions and the password", () => {
  it("when the admin password is reset (a restart with a new ADMIN_PASSWORD), then existing sessions end", async () => {
    await onOwnApp(createTestApp(), async (app) => {
      const agent = await app.admin();
      await agent.get("/api/auth/me").expect(200);
      await ensureAdminAccount(app.db.database.db, { email: ADMIN_EMAIL, password: "a brand new password" });
      await agent.get("/api/auth/me").expect(401);
      await agent.post("/api/settings").send({ key: "podcast_title", value: "Stolen" }).expect(401);
    });
  });

  it("when the password is restated unchanged, then sessions go on", async ({ t }) => {
    const agent = await t.admin();
    await ensureAdminAccount(t.db.database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await agent.get("/api/auth/me").expect(200);
  });
});

describe("the audition unlock", () => {
  it("when no password is set, then a try still costs one hash, so the timing does not tell", async ({ t }) => {
    await t.request.post("/api/editors/unlock").send({ password: "warm-up1" }).expect(401); // the dummy hash is made once
    const hashes = vi.spyOn(crypto, "scrypt");
    await t.request.post("/api/editors/unlock").send({ password: "podedit42" }).expect(401);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it("when a password is set, then a backup holds neither the prefix nor its length", async ({ t }) => {
    const admin = await t.admin();
    await admin.post("/api/settings").send({ key: "editors_password", value: "podedit" }).expect(200);
    const backup = await admin.get("/api/backup").buffer(true).parse(binary);
    const text = (await import("node:zlib")).gunzipSync(backup.body as Buffer).toString("utf8");
    const row = text.split("\n").find((l) => l.includes("editors_password"))!;
    expect(row).toMatch(/audition\$scrypt\$/);
    expect(row).not.toMatch(/\$7\$|podedit/);
    await t.request.post("/api/editors/unlock").send({ password: "  podedit42  " }).expect(200);
    await admin.post("/api/settings").send({ key: "editors_password", value: "" }).expect(200);
  });

  it("when the prefix would end in a digit, then it is refused (a candidate's number follows it)", async ({ t }) => {
    const admin = await t.admin();
    const res = await admin.post("/api/settings").send({ key: "editors_password", value: "crew2024" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/may not end with a digit/);
  });
});

describe("NUL bytes and escapes in paths", () => {
  it("when a clip or episode path (a page, the API, a share image) holds %00, then it is a 404, the pages' as HTML, and no query asks for it", async ({
    t,
  }) => {
    const query = vi.spyOn(t.db.database.pool, "query");
    const paths = [
      "/clips/%00",
      "/clips/a%00b",
      "/api/clips/slug/%00",
      "/clips/%00/share.png",
      "/episode/%00",
      "/episode/a%00b",
      "/api/episodes/slug/%00",
      "/episode/%00/share.png",
    ];
    for (const p of paths) {
      const res = await t.request.get(p);
      expect(res.status, p).toBe(404);
    }
    for (const p of ["/clips/%00", "/episode/%00"]) expect((await t.request.get(p)).headers["content-type"], p).toMatch(/text\/html/);
    const slugQueries = query.mock.calls.filter(([q]) => /slug/i.test(JSON.stringify(q)));
    expect(slugQueries).toEqual([]);
  });

  it("when a real clip's path is asked for, then it is still found", async ({ t }) => {
    const admin = await t.admin();
    await postClip(admin, { title: "Real clip", youtubeEmbedUrl: YOUTUBE(), slug: "real-clip", isPublished: true });
    await t.request.get("/api/clips/slug/real-clip").expect(200);
  });
});

describe("headers", () => {
  it("when any page or API answer is sent, then it carries a Permissions-Policy that turns off camera and geolocation, and gives the microphone to the site's own pages only", async ({
    t,
  }) => {
    for (const p of ["/", "/api/episodes", "/api/health", "/nope"]) {
      const res = await t.request.get(p);
      expect(res.headers["permissions-policy"], p).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\), geolocation=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/microphone=\(self\)/);
    expect(PERMISSIONS_POLICY).toMatch(/autoplay=\(self "https:\/\/open\.spotify\.com"/);
    // Only features browsers know: an unknown one (web-share) is a console warning on every embed.
    expect(PERMISSIONS_POLICY).not.toMatch(/web-share/);
  });
});

describe("lists and first-screen data", () => {
  it("when visitors read the clips list or the home page, then no clip's article is in it; the clip page has it", async ({ t }) => {
    const admin = await t.admin();
    const article = "A long article. ".repeat(5_000);
    await postClip(admin, { title: "Long read", youtubeEmbedUrl: YOUTUBE(), slug: "long-read", content: article, isPublished: true });
    const list = await t.request.get("/api/clips").expect(200);
    expect(list.body.length).toBeGreaterThan(0);
    for (const clip of list.body) expect(clip).not.toHaveProperty("content");
    const home = await supertest(t.app.listener).get("/").expect(200);
    expect(home.text).not.toContain("A long article.");
    const page = (await t.request.get("/api/clips/slug/long-read").expect(200)).body.content as string;
    expect(page === article.trim()).toBe(true);
    // The admin's list keeps it, for the edit form.
    const mine = await admin.get("/api/clips").expect(200);
    expect(mine.body.find((c: { slug: string }) => c.slug === "long-read").content === article.trim()).toBe(true);
  });
});

describe("share images", () => {
  it("when a share image is revalidated with its ETag, then the answer is 304 and nothing is drawn or read", async ({ t }) => {
    const real = createShareImages({ store: createLocalStore(t.objectsDir) });
    let made = 0;
    const counting: ShareImages = { ...real, keyOf: (i) => real.keyOf(i), png: (i) => (made++, real.png(i)) };
    try {
      await onOwnApp(createTestApp({ clientDir, shareImages: counting }), async (app) => {
        const first = await app.request.get("/share.png").buffer(true).parse(binary).expect(200);
        expect(made).toBe(1);
        await app.request.get("/share.png").set("If-None-Match", first.headers.etag!).expect(304);
        await app.request.get("/share.png").set("If-None-Match", `W/${first.headers.etag!}, "other"`).expect(304);
        expect(made).toBe(1);
      });
    } finally {
      await real.close();
    }
  });

  it("when an image was drawn once, then a restarted app takes it from the object store instead of drawing it again", async () => {
    await onOwnApp(createTestApp({ clientDir }), async (app) => {
      const first = await app.request.get("/share.png").buffer(true).parse(binary).expect(200);
      expect(first.body.subarray(1, 4).toString()).toBe("PNG");
      const stored = fs.readdirSync(app.objectsDir).filter((f) => !f.startsWith("."));
      const file = stored.find((f) => fs.readFileSync(path.join(app.objectsDir, f)).equals(first.body as Buffer));
      expect(file).toBeDefined();
      // Mark the stored copy: a restart that answers with the mark read it rather than drawing.
      const marked = Buffer.concat([first.body as Buffer, Buffer.from("stored-copy")]);
      fs.writeFileSync(path.join(app.objectsDir, file!), marked);
      const again = await supertest(app.restart().listener).get("/share.png").buffer(true).parse(binary).expect(200);
      expect((again.body as Buffer).equals(marked)).toBe(true);
    });
  });
});
