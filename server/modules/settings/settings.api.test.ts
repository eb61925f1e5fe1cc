import type supertest from "supertest";
import { describe, expect } from "vitest";
import { PUBLIC_SETTING_KEYS, SETTING_KEYS } from "../../../shared/settings";
import { appTest, type TestApp } from "../../test/harness";

const it = appTest();

const save = (admin: supertest.Agent, key: string, value: string) => admin.post("/api/settings").send({ key, value });
/** Save All: every entry of the form in one request. */
const saveAll = (client: supertest.Agent | TestApp["request"], settings: { key: string; value: string }[]) =>
  client.put("/api/settings").send({ settings });

describe("settings", () => {
  it("when the admin saves a setting, then a visitor reads its value if the key is public", async ({ t, admin }) => {
    await save(admin, "podcast_title", "  Pain and Learning  ").expect(200);
    const res = await t.request.get("/api/settings/podcast_title").expect(200);
    expect(res.body).toEqual({ key: "podcast_title", value: "Pain and Learning" });
  });

  it("when a public key has never been saved, then it reads as an empty value", async ({ t }) => {
    await t.request.get("/api/settings/editors_intro").expect(200, { key: "editors_intro", value: "" });
  });

  it("when a visitor asks for a non-public key, then 401; for an unknown key, then 404", async ({ t, admin }) => {
    await save(admin, "editors_file_1_url", "https://drive.google.com/drive/folders/abc").expect(200);
    await t.request.get("/api/settings/editors_file_1_url").expect(401);
    await t.request.get("/api/settings/not_a_key").expect(404);
    await admin.get("/api/settings/editors_file_1_url").expect(200);
  });

  it("when a visitor asks for every setting, then 401", async ({ t }) => {
    await t.request.get("/api/settings").expect(401);
  });

  it("when the key is not one of the spec's or the value is too long, then 400 and nothing changes", async ({ admin }) => {
    await save(admin, "admin_email", "x").expect(400);
    await admin.post("/api/settings").send({ key: "podcast_title" }).expect(200);
    await save(admin, "podcast_title", "t".repeat(2001)).expect(400);
    await admin.post("/api/settings").send({ key: "rss_url", value: 5 }).expect(400);
    await save(admin, "rss_url", "javascript:alert(1)").expect(400);
    await save(admin, "rss_url", "https://feeds.example.com/show.xml").expect(200);
  });

  it("when the footer holds scripts, handlers or javascript: links, then they are removed on save", async ({ t, admin }) => {
    await save(
      admin,
      "footer_content",
      '<p onclick="steal()">© Show <a href="javascript:alert(1)">x</a> <a href="https://example.com">site</a><script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe></p>',
    ).expect(200);
    const { body } = await t.request.get("/api/settings/footer_content").expect(200);
    expect(body.value).toContain("© Show");
    expect(body.value).toContain('<a href="https://example.com">site</a>');
    expect(body.value).not.toMatch(/onclick|onerror|script|javascript:|iframe|<img/i);
  });

  it("when site_theme is a known id or a custom theme in range, then it is stored; otherwise 400", async ({ t, admin }) => {
    await save(admin, "site_theme", "deep-ocean").expect(200);
    await t.request.get("/api/settings/site_theme").expect(200, { key: "site_theme", value: "deep-ocean" });
    const custom = { id: "custom", hue: 200, saturation: 60, lightDark: 12, saturationLight: 70, lightBright: 55 };
    await save(admin, "site_theme", JSON.stringify(custom)).expect(200);
    const stored = await t.request.get("/api/settings/site_theme");
    expect(JSON.parse(stored.body.value)).toEqual(custom);
    await save(admin, "site_theme", JSON.stringify({ id: "two-color", startColor: "#1a0a0a", endColor: "#ff6b35" })).expect(200);
    for (const bad of [
      "hacker-theme",
      JSON.stringify({ ...custom, hue: 400 }),
      JSON.stringify({ ...custom, lightBright: 10 }),
      JSON.stringify({ id: "two-color", startColor: "red", endColor: "#ff6b35" }),
      JSON.stringify({ id: "two-color", startColor: "#000000", endColor: "#ffffff", extra: "x" }),
      "{broken",
    ]) {
      await save(admin, "site_theme", bad).expect(400);
    }
  });
});

describe("editors_password", () => {
  it("when it is set, then no response ever contains it, and its status says it is set", async ({ t, admin }) => {
    await admin.get("/api/editors/password-status").expect(200, { isSet: false });
    await save(admin, "editors_password", "podedit").expect(200);
    await admin.get("/api/editors/password-status").expect(200, { isSet: true });
    const all = await admin.get("/api/settings").expect(200);
    expect(JSON.stringify(all.body)).not.toContain("podedit");
    expect(all.body.some((s: { key: string }) => s.key === "editors_password")).toBe(false);
    await admin.get("/api/settings/editors_password").expect(404);
    await t.request.get("/api/settings/editors_password").expect(404);
    for (const key of SETTING_KEYS) {
      const res = await admin.get(`/api/settings/${key}`);
      expect(JSON.stringify(res.body)).not.toContain("podedit");
    }
  });

  it("when a visitor asks for the password status, then 401", async ({ t }) => {
    await t.request.get("/api/editors/password-status").expect(401);
  });

  it("when a visitor reads every key, then only the public keys of docs/product.md answer, never the password or a file address", async ({
    t,
  }) => {
    expect(PUBLIC_SETTING_KEYS).not.toContain("editors_password");
    expect(PUBLIC_SETTING_KEYS).not.toContain("editors_file_1_url");
    for (const key of SETTING_KEYS) {
      const res = await t.request.get(`/api/settings/${key}`);
      expect(res.status === 200, key).toBe(PUBLIC_SETTING_KEYS.includes(key));
    }
  });
});

describe("PUT /api/settings (Save All)", () => {
  it("when every entry is valid, then all are saved in one request", async ({ t, admin }) => {
    const res = await saveAll(admin, [
      { key: "editors_intro", value: "Intro" },
      { key: "editors_bullet_1", value: "One" },
      { key: "editors_file_1_url", value: "https://drive.google.com/x" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.saved).toEqual(["editors_intro", "editors_bullet_1", "editors_file_1_url"]);
    await t.request.get("/api/settings/editors_bullet_1").expect(200, { key: "editors_bullet_1", value: "One" });
  });

  it("when one entry is invalid, then none is saved", async ({ t, admin }) => {
    await saveAll(admin, [{ key: "editors_intro", value: "Intro" }]).expect(200);
    await saveAll(admin, [
      { key: "editors_intro", value: "Changed" },
      { key: "editors_file_2_url", value: "javascript:alert(1)" },
    ]).expect(400);
    await t.request.get("/api/settings/editors_intro").expect(200, { key: "editors_intro", value: "Intro" });
    await saveAll(admin, []).expect(400);
    await saveAll(admin, [
      { key: "editors_intro", value: "a" },
      { key: "editors_intro", value: "b" },
    ]).expect(400);
    await saveAll(t.request, [{ key: "editors_intro", value: "x" }]).expect(401);
  });
});
