import { describe, expect } from "vitest";
import { appTest } from "./test/harness";

// The API's words in the language a request asks for (Accept-Language, which the SPA sets to its
// page's language): the same codes in every language, English when nothing else is asked.
const it = appTest();

const longSlug = "a".repeat(121);
const clip = { title: "T", youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ", slug: longSlug };

describe("the API's messages in the request's language", () => {
  it("when a request asks in German, then a 404 and a 400 say so in German, field by field, with the same codes", async ({ t, admin }) => {
    const missing = await t.request.get("/api/episodes/slug/no-such-episode").set("Accept-Language", "de");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: "Folge nicht gefunden" });

    const blank = await t.request
      .post("/api/auth/login")
      .set("Accept-Language", "de-DE,de;q=0.9,en;q=0.5")
      .send({ email: "", password: "x" });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      code: "VALIDATION",
      message: "Ungültige Anfrage: email ist erforderlich",
      errors: [{ path: "email", message: "ist erforderlich" }],
    });

    const tooLong = await admin.post("/api/clips").set("Accept-Language", "de").send(clip);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      code: "VALIDATION",
      message: "Ungültige Anfrage: slug darf höchstens 120 Zeichen lang sein",
      errors: [{ path: "slug", message: "darf höchstens 120 Zeichen lang sein" }],
    });
  });

  it("when a request asks for no language, or one the site does not speak, then the words are English, word for word", async ({
    t,
    admin,
  }) => {
    for (const language of [undefined, "ja, zh;q=0.8"]) {
      const ask = <T extends { set(name: string, value: string): T }>(req: T) => (language ? req.set("Accept-Language", language) : req);

      const missing = await ask(t.request.get("/api/episodes/slug/no-such-episode"));
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: "Episode not found" });

      const blank = await ask(t.request.post("/api/auth/login")).send({ email: "", password: "x" });
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({
        code: "VALIDATION",
        message: "Invalid request: email is required",
        errors: [{ path: "email", message: "is required" }],
      });

      const tooLong = await ask(admin.post("/api/clips")).send(clip);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toMatchObject({
        code: "VALIDATION",
        message: "Invalid request: slug must be at most 120 characters",
        errors: [{ path: "slug", message: "must be at most 120 characters" }],
      });
    }
  });

  it("when the same language is asked in another region, then it is that language (pt-PT gets Brazilian Portuguese)", async ({ t }) => {
    const missing = await t.request.get("/api/clips/slug/no-such-clip").set("Accept-Language", "pt-PT");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: "Clipe não encontrado" });
  });

  it("when a browser opens a page the site cannot answer, then the page is in its language and direction", async ({ t }) => {
    const page = await t.request.get("/no-such-page").set("Accept", "text/html").set("Accept-Language", "ar");
    expect(page.status).toBe(404);
    expect(page.type).toBe("text/html");
    expect(page.text).toContain('<html lang="ar" dir="rtl">');
    expect(page.text).toContain("<h1>حدث خطأ ما</h1>");
    expect(page.text).toContain('<a href="/">الذهاب إلى الصفحة الرئيسية</a>');
  });
});

describe("words the server makes for a visitor", () => {
  it("when the owner has named no audition file, then an unlock in French gets the default name in French", async ({ t, admin }) => {
    await admin.post("/api/settings").send({ key: "editors_password", value: "podedit" }).expect(200);
    const french = await t.request.post("/api/editors/unlock").set("Accept-Language", "fr").send({ password: "podedit42" });
    expect(french.status).toBe(200);
    expect(french.body.files[0].name).toBe("Dossier des fichiers d’essai (tous les fichiers)");
    const english = await t.request.post("/api/editors/unlock").send({ password: "podedit42" });
    expect(english.body.files[0].name).toBe("Audition Files Folder (All Files)");

    const wrong = await t.request.post("/api/editors/unlock").set("Accept-Language", "fr").send({ password: "wrong" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "UNAUTHORIZED", message: "Mot de passe incorrect. Veuillez réessayer." });
  });
});
