import supertest from "supertest";
import { describe, expect } from "vitest";
import { ADMIN_EMAIL, appTest, postEpisode, SPOTIFY, type TestApp } from "../../test/harness";

const it = appTest();
/** Behind one trusted proxy: each request's address is the X-Forwarded-For it carries. */
const behindProxy = appTest({ config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: 1 } });
const PASSWORD = "a-long-password-1";

const tokenOf = (url: string) => url.split("/welcome/")[1]!;

/** The owner invites `email`; the invited person accepts and logs in: their own browser. */
async function newPerson(t: TestApp, admin: supertest.Agent, email: string, role: "owner" | "editor" = "editor") {
  const { url } = (await admin.post("/api/users/invitations").send({ email, role }).expect(201)).body as { url: string };
  await t.request
    .post("/api/users/accept")
    .send({ token: tokenOf(url), password: PASSWORD })
    .expect(201);
  const agent = t.agent();
  await agent.post("/api/auth/login").send({ email, password: PASSWORD }).expect(200);
  const me = (await agent.get("/api/auth/me").expect(200)).body as { id?: number };
  const people = (await admin.get("/api/users").expect(200)).body as { id: number; email: string }[];
  return { agent, id: people.find((p) => p.email === email)!.id, me };
}

describe("invitations", () => {
  it("when the owner invites, then it answers 201 with an absolute /welcome/ link whose token is stored only as a hash", async ({
    t,
    admin,
  }) => {
    const res = await admin.post("/api/users/invitations").send({ email: "cohost@example.com", role: "editor" });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^http:\/\/localhost:5000\/welcome\/[A-Za-z0-9_-]{40,}$/);
    const token = tokenOf(res.body.url);
    const { rows } = await t.db.database.pool.query("SELECT email, role, token_hash, expires_at FROM invitations");
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);
    const days = (new Date(rows[0].expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const pending = (await admin.get("/api/users/invitations").expect(200)).body;
    expect(pending).toEqual([expect.objectContaining({ email: "cohost@example.com", role: "editor" })]);
  });

  it("when the invited person sets a password of 12 characters or more, then 201 and they log in with their e-mail as an editor", async ({
    t,
    admin,
  }) => {
    const { agent } = await newPerson(t, admin, "cohost@example.com");
    const me = await agent.get("/api/auth/me").expect(200);
    expect(me.body).toEqual({ username: "cohost@example.com", isAdmin: true, role: "editor" });
    const owner = await admin.get("/api/auth/me").expect(200);
    expect(owner.body.role).toBe("owner");
  });

  it("when the password is shorter than 12 characters, then 400 with a clear message and nobody is added", async ({ t, admin }) => {
    const { url } = (await admin.post("/api/users/invitations").send({ email: "c@example.com", role: "editor" }).expect(201)).body;
    const res = await t.request.post("/api/users/accept").send({ token: tokenOf(url), password: "short-11chr" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/at least 12 characters/);
    const { rows } = await t.db.database.pool.query("SELECT count(*)::int AS n FROM users");
    expect(rows[0].n).toBe(1);
    // The link still works once the password is long enough.
    await t.request
      .post("/api/users/accept")
      .send({ token: tokenOf(url), password: PASSWORD })
      .expect(201);
  });

  it("when a link is used a second time, has expired, or is unknown, then 410", async ({ t, admin }) => {
    const first = (await admin.post("/api/users/invitations").send({ email: "a@example.com", role: "editor" }).expect(201)).body;
    await t.request
      .post("/api/users/accept")
      .send({ token: tokenOf(first.url), password: PASSWORD })
      .expect(201);
    const again = await t.request.post("/api/users/accept").send({ token: tokenOf(first.url), password: PASSWORD });
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/used or has expired/);
    const second = (await admin.post("/api/users/invitations").send({ email: "b@example.com", role: "editor" }).expect(201)).body;
    await t.db.database.pool.query("UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = 'b@example.com'");
    await t.request
      .post("/api/users/accept")
      .send({ token: tokenOf(second.url), password: PASSWORD })
      .expect(410);
    await t.request
      .post("/api/users/accept")
      .send({ token: "x".repeat(43), password: PASSWORD })
      .expect(410);
  });

  it("when the e-mail already has access, then the invitation answers 409", async ({ admin }) => {
    const res = await admin.post("/api/users/invitations").send({ email: ADMIN_EMAIL.toUpperCase(), role: "editor" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("CONFLICT");
  });

  it("when the body is not an e-mail and a role, then 400 and nothing is stored", async ({ t, admin }) => {
    await admin.post("/api/users/invitations").send({ email: "not-an-address", role: "editor" }).expect(400);
    const role = await admin.post("/api/users/invitations").send({ email: "a@example.com", role: "admin" });
    expect(role.status).toBe(400);
    expect(role.body.message).toMatch(/owner or editor/);
    const { rows } = await t.db.database.pool.query("SELECT count(*)::int AS n FROM invitations");
    expect(rows[0].n).toBe(0);
  });

  it("when the owner revokes a pending invitation, then 204 and its link answers 410", async ({ t, admin }) => {
    const { url } = (await admin.post("/api/users/invitations").send({ email: "a@example.com", role: "editor" }).expect(201)).body;
    const [pending] = (await admin.get("/api/users/invitations").expect(200)).body as { id: number }[];
    await admin.delete(`/api/users/invitations/${pending!.id}`).expect(204);
    await admin.delete(`/api/users/invitations/${pending!.id}`).expect(404);
    await t.request
      .post("/api/users/accept")
      .send({ token: tokenOf(url), password: PASSWORD })
      .expect(410);
  });

  it("when the owner invites the same address again, then only the newest link works: the older one answers 410", async ({ t, admin }) => {
    const first = (await admin.post("/api/users/invitations").send({ email: "twice@example.com", role: "editor" }).expect(201)).body.url;
    const second = (await admin.post("/api/users/invitations").send({ email: "twice@example.com", role: "owner" }).expect(201)).body.url;
    const pending = (await admin.get("/api/users/invitations").expect(200)).body as { email: string; role: string }[];
    expect(pending.filter((i) => i.email === "twice@example.com").map((i) => i.role)).toEqual(["owner"]);
    await t.request
      .post("/api/users/accept")
      .send({ token: tokenOf(first), password: PASSWORD })
      .expect(410);
    await t.request
      .post("/api/users/accept")
      .send({ token: tokenOf(second), password: PASSWORD })
      .expect(201);
    await t.request
      .post("/api/users/accept")
      .send({ token: tokenOf(first), password: PASSWORD })
      .expect(410);
  });

  it("when accept links are tried too often from one address, then 429", async ({ t }) => {
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await t.request.post("/api/users/accept").send({ token: `nope-${i}`, password: PASSWORD })).status;
    expect(last).toBe(429);
  });

  behindProxy(
    "when strangers from many addresses try junk tokens, then the invitee's own link still works (no site-wide lock-out)",
    async ({ t, admin }) => {
      const { url } = (await admin.post("/api/users/invitations").send({ email: "late@example.com", role: "editor" }).expect(201)).body;
      for (let address = 1; address <= 5; address++)
        for (let i = 0; i < 10; i++) {
          const res = await t.request
            .post("/api/users/accept")
            .set("X-Forwarded-For", `198.51.100.${address}`)
            .send({ token: `junk-${address}-${i}`, password: PASSWORD });
          expect(res.status).toBe(410);
        }
      await t.request
        .post("/api/users/accept")
        .set("X-Forwarded-For", "203.0.113.7")
        .send({ token: tokenOf(url), password: PASSWORD })
        .expect(201);
    },
  );
});

describe("the people with access", () => {
  it("when the owner lists them, then each has id, email, role and createdAt", async ({ t, admin }) => {
    await newPerson(t, admin, "cohost@example.com");
    const res = await admin.get("/api/users").expect(200);
    expect(res.body).toEqual([
      { id: expect.any(Number), email: ADMIN_EMAIL, role: "owner", createdAt: expect.any(String) },
      { id: expect.any(Number), email: "cohost@example.com", role: "editor", createdAt: expect.any(String) },
    ]);
  });

  it("when nobody is logged in, then the people's routes answer 401; for an editor, 403 with a clear message", async ({ t, admin }) => {
    await t.request.get("/api/users").expect(401);
    await t.request.post("/api/users/invitations").send({ email: "x@example.com", role: "editor" }).expect(401);
    const { agent } = await newPerson(t, admin, "cohost@example.com");
    const list = await agent.get("/api/users");
    expect(list.status).toBe(403);
    expect(list.body.message).toBe("Only an owner of the site can do this");
    await agent.post("/api/users/invitations").send({ email: "x@example.com", role: "owner" }).expect(403);
    await agent.delete("/api/users/1").expect(403);
  });

  it("when the owner removes a person, then 204 and that person's still-held cookie answers 401 at once", async ({ t, admin }) => {
    const { agent, id } = await newPerson(t, admin, "cohost@example.com");
    await agent.get("/api/episodes/admin").expect(200);
    await admin.delete(`/api/users/${id}`).expect(204);
    await agent.get("/api/auth/me").expect(401);
    await agent.get("/api/episodes/admin").expect(401);
    await agent.post("/api/episodes").send({ title: "x", spotifyEmbedUrl: SPOTIFY() }).expect(401);
    const { rows } = await t.db.database.pool.query("SELECT count(*)::int AS n FROM session WHERE sess->'passport'->>'user' = $1", [
      String(id),
    ]);
    expect(rows[0].n).toBe(0);
    await admin.delete(`/api/users/${id}`).expect(404);
  });

  it("when a person's row is gone but their session row is not, then their session is refused (401)", async ({ t, admin }) => {
    const { agent, id } = await newPerson(t, admin, "cohost@example.com");
    await t.db.database.pool.query("DELETE FROM users WHERE id = $1", [id]);
    await agent.get("/api/auth/me").expect(401);
    await agent.get("/api/settings").expect(401);
  });

  it("when the owner tries to remove the last owner, then 409; with a second owner, either may go", async ({ t, admin }) => {
    const [me] = (await admin.get("/api/users").expect(200)).body as { id: number }[];
    const res = await admin.delete(`/api/users/${me!.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/last owner/);
    const second = await newPerson(t, admin, "second@example.com", "owner");
    await second.agent.delete(`/api/users/${me!.id}`).expect(204);
    await admin.get("/api/auth/me").expect(401);
    await second.agent.delete(`/api/users/${second.id}`).expect(409);
  });
});

describe("updatedBy", () => {
  it("when a person edits an episode, a clip or a provider, then the admin lists name them and visitors' lists do not", async ({
    t,
    admin,
  }) => {
    const { agent } = await newPerson(t, admin, "cohost@example.com");
    const episode = await postEpisode(admin, { title: "One", spotifyEmbedUrl: SPOTIFY() });
    let list = (await admin.get("/api/episodes").expect(200)).body as { id: number; updatedBy?: string | null }[];
    expect(list.find((e) => e.id === episode.id)!.updatedBy).toBe(ADMIN_EMAIL);
    await agent.put(`/api/episodes/${episode.id}`).send({ title: "One, edited" }).expect(200);
    list = (await admin.get("/api/episodes").expect(200)).body;
    expect(list.find((e) => e.id === episode.id)!.updatedBy).toBe("cohost@example.com");
    const page = (await admin.get("/api/episodes/admin").expect(200)).body as { episodes: { id: number; updatedBy: string }[] };
    expect(page.episodes.find((e) => e.id === episode.id)!.updatedBy).toBe("cohost@example.com");

    const provider = (
      await agent.post("/api/providers").send({ name: "P", url: "https://example.com/p", icon: "fas fa-podcast" }).expect(201)
    ).body as { id: number; updatedBy: string };
    expect(provider.updatedBy).toBe("cohost@example.com");
    const providers = (await admin.get("/api/providers").expect(200)).body as { id: number; updatedBy: string }[];
    expect(providers.find((p) => p.id === provider.id)!.updatedBy).toBe("cohost@example.com");

    const visitor = (await t.request.get("/api/episodes").expect(200)).body as Record<string, unknown>[];
    expect(visitor.every((e) => !("updatedBy" in e))).toBe(true);
    const visitorProviders = (await t.request.get("/api/providers").expect(200)).body as Record<string, unknown>[];
    expect(visitorProviders.every((p) => !("updatedBy" in p))).toBe(true);
  });

  it("when the person who edited is removed, then the lists show no one (null)", async ({ t, admin }) => {
    const { agent, id } = await newPerson(t, admin, "cohost@example.com");
    const episode = (await agent.post("/api/episodes").send({ title: "Theirs", spotifyEmbedUrl: SPOTIFY() }).expect(201)).body as {
      id: number;
    };
    await admin.delete(`/api/users/${id}`).expect(204);
    const list = (await admin.get("/api/episodes").expect(200)).body as { id: number; updatedBy: string | null }[];
    expect(list.find((e) => e.id === episode.id)!.updatedBy).toBeNull();
  });
});
