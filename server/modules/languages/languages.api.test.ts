import fs from "node:fs";
import type supertest from "supertest";
import { afterAll, describe, expect } from "vitest";
import { createFakeClient } from "../../test/fake-client";
import { feedXml, setFeedUrl, useFeedServer } from "../../test/feed-server";
import { appTest } from "../../test/harness";

const clientDir = createFakeClient();
const it = appTest({
  clientDir,
  config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, feedAllowPrivate: true },
});
const host = useFeedServer();
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const setLanguage = (admin: supertest.Agent, value: string) => admin.post("/api/settings").send({ key: "site_language", value });
/** The words a page carries for the browser (its `messages` script). */
const wordsOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="messages">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

describe("the site's language", () => {
  it("when the owner sets site_language to a tag with a catalogue, then it is stored as BCP 47 writes it and any visitor reads it", async ({
    t,
    admin,
  }) => {
    await setLanguage(admin, "pt-br").expect(200);
    await t.request.get("/api/settings/site_language").expect(200, { key: "site_language", value: "pt-BR" });
  });

  it("when site_language is a tag without a catalogue or not a tag, then 400 and the language stays", async ({ t, admin }) => {
    await setLanguage(admin, "de").expect(200);
    for (const value of ["xx", "ja", "en_US!", "de-".repeat(20)]) {
      const res = await setLanguage(admin, value).expect(400);
      expect(res.body.code).toBe("VALIDATION");
    }
    await t.request.get("/api/settings/site_language").expect(200, { key: "site_language", value: "de" });
  });

  it("when no language is set, then pages are English: <html lang=en dir=ltr> and the spec's words", async ({ t }) => {
    const res = await t.request.get("/about").expect(200);
    expect(res.text).toContain('<html lang="en" dir="ltr">');
    expect(res.text).toMatch(/<title>About · /);
    expect(wordsOf(res.text)).toMatchObject({ "route.about": ["About"] });
    expect(res.text).toContain('<meta name="description" content="Conversations about pain and learning, from a physiotherapist');
  });

  it("when the site is in German, then its pages say so from the first byte: lang, title, 404, JSON-LD inLanguage and the words carried", async ({
    t,
    admin,
  }) => {
    await setLanguage(admin, "de").expect(200);
    const about = await t.request.get("/about").expect(200);
    expect(about.text).toContain('<html lang="de" dir="ltr">');
    expect(about.text).toMatch(/<title>Über uns · /);
    const words = wordsOf(about.text);
    expect(words["route.about"]).toEqual(["Über uns"]);
    expect(words).not.toHaveProperty("route.adminEpisodes", "Episode Management");
    const home = await t.request.get("/").expect(200);
    expect(home.text).toContain('"inLanguage":"de"');
    // Without the owner's description, the head says the catalogue's, in German too.
    expect(home.text).toContain('<meta name="description" content="Gespräche über Schmerz und Lernen');
    expect(home.text).not.toContain("Conversations about pain and learning");
    const missing = await t.request.get("/no-such-page").expect(404);
    expect(missing.text).toMatch(/<title>Seite nicht gefunden · /);
    const archive = await t.request.get("/archive?q=schmerz").expect(200);
    expect(archive.text).toMatch(/<title>Suche: schmerz · /);
  });

  it("when the site is in Arabic, then pages run right to left", async ({ t, admin }) => {
    await setLanguage(admin, "ar").expect(200);
    const res = await t.request.get("/listen").expect(200);
    expect(res.text).toContain('<html lang="ar" dir="rtl">');
    expect(res.text).toMatch(/<title>استمع · /);
  });

  it("when only a visitor's page is served, then it carries the visitor's words and not the editors' page's", async ({ t }) => {
    const listen = wordsOf((await t.request.get("/listen").expect(200)).text);
    const editors = wordsOf((await t.request.get("/editors").expect(200)).text);
    expect(Object.keys(editors).length).toBeGreaterThanOrEqual(Object.keys(listen).length);
  });
});

describe("the feed's language", () => {
  const feedIn = (language: string) =>
    feedXml([{ title: "One" }], `<title>Show</title><link>https://show.example/</link><language>${language}</language>`);

  it("when the first import reads a feed in Catalan, then the site speaks Catalan; a regional tag takes its language's catalogue", async ({
    t,
    admin,
  }) => {
    host.routes.set("/ca.xml", { body: feedIn("ca") });
    await setFeedUrl(admin, host.url("/ca.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    await t.request.get("/api/settings/site_language").expect(200, { key: "site_language", value: "ca" });
  });

  it("when the feed says en-us or pt-PT, then the site takes en or pt-BR; a language without a catalogue leaves it unset", async ({
    t,
    admin,
  }) => {
    for (const [tag, expected] of [
      ["ja", ""],
      ["pt-PT", "pt-BR"],
    ] as const) {
      host.routes.set(`/${tag}.xml`, { body: feedIn(tag) });
      await setFeedUrl(admin, host.url(`/${tag}.xml`));
      await admin.post("/api/feed/sync").send({}).expect(200);
      await t.request.get("/api/settings/site_language").expect(200, { key: "site_language", value: expected });
    }
  });

  it("when the owner has chosen the site's language, then a later import never changes it", async ({ t, admin }) => {
    await setLanguage(admin, "en").expect(200);
    host.routes.set("/de.xml", { body: feedIn("de-DE") });
    await setFeedUrl(admin, host.url("/de.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    await t.request.get("/api/settings/site_language").expect(200, { key: "site_language", value: "en" });
  });
});

describe("a signed-in person's own language", () => {
  it("when nobody is signed in, then their language can be neither read nor set (401)", async ({ t }) => {
    await t.request.get("/api/languages/mine").expect(401);
    const agent = t.agent();
    await agent.put("/api/languages/mine").send({ language: "de" }).expect(401);
  });

  it("when the admin chooses a language, then it is kept as BCP 47 writes it; null goes back to the site's; an unknown tag is 400 and changes nothing", async ({
    admin,
  }) => {
    await admin.get("/api/languages/mine").expect(200, { language: null });
    await admin.put("/api/languages/mine").send({ language: "EL" }).expect(200, { language: "el" });
    await admin.get("/api/languages/mine").expect(200, { language: "el" });
    for (const body of [{ language: "xx" }, { language: 5 }, {}, { language: "de", extra: 1 }]) {
      const res = await admin.put("/api/languages/mine").send(body).expect(400);
      expect(res.body.code).toBe("VALIDATION");
    }
    await admin.get("/api/languages/mine").expect(200, { language: "el" });
    await admin.put("/api/languages/mine").send({ language: null }).expect(200, { language: null });
    await admin.get("/api/languages/mine").expect(200, { language: null });
  });
});
