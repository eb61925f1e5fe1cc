import crypto from "node:crypto";
import { describe, expect } from "vitest";
import { auditionTestsWithMailbox, browser } from "../../test/hand-ins";
import { makeWav } from "../../test/wav";

// The owner's short note to a candidate (docs/product.md "E-mail"), received by an SMTP server on loopback.
const { mailbox, it, itWithoutMail } = await auditionTestsWithMailbox();

const NOTE = "Bonjour Ada,\n\nmerci pour votre montage : il est présélectionné.\n\nÀ bientôt";

describe("the owner's note to a candidate", () => {
  it("when the owner shortlists a hand-in and sends a note in French, then the candidate receives its text with a French subject", async ({
    t,
    admin,
  }) => {
    await admin.post("/api/settings").send({ key: "podcast_title", value: "Night Owls" }).expect(200);
    const { id } = await browser.handIn(t, makeWav({ seconds: 1 }));
    await admin.put(`/api/auditions/${id}`).send({ status: "shortlisted" }).expect(200);
    const res = await admin.post(`/api/auditions/${id}/note`).set("Accept-Language", "fr").send({ text: NOTE });
    expect(res.status, res.text).toBe(200);
    const [mail, ...more] = await mailbox.waitFor(1);
    expect(more).toEqual([]);
    expect(mail!.to).toEqual(["ada@example.com"]);
    expect(mail!.subject).toBe("À propos de votre audition pour Night Owls");
    expect(mail!.headers["content-language"]).toBe("fr");
    expect(mail!.text.trim()).toBe(NOTE);
  });

  it("when a note's body is not a note, then 400 with the field named, and nothing is sent", async ({ t, admin }) => {
    const { id } = await browser.handIn(t, makeWav({ seconds: 1 }));
    await admin.put(`/api/auditions/${id}`).send({ status: "declined" }).expect(200);
    for (const body of [
      {},
      { text: "" },
      { text: "   " },
      { text: 42 },
      { text: "x".repeat(2001) },
      { text: "a\u0000b" },
      { text: "ok", cc: "x@y.z" },
    ]) {
      const res = await admin.post(`/api/auditions/${id}/note`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toMatch(/^(VALIDATION|BAD_REQUEST)$/);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(mailbox.received).toEqual([]);
  });

  it("when the hand-in is unknown, then 404; still new, then 409; a visitor, 401", async ({ t, admin }) => {
    await admin.post(`/api/auditions/${crypto.randomUUID()}/note`).send({ text: "Hello" }).expect(404);
    await admin.post(`/api/auditions/not-an-id/note`).send({ text: "Hello" }).expect(404);
    const { id } = await browser.handIn(t, makeWav({ seconds: 1 }));
    const early = await admin.post(`/api/auditions/${id}/note`).send({ text: "Hello" }).expect(409);
    expect(early.body.message).toBe("Mark the hand-in shortlisted or declined before sending the candidate a note.");
    await t.request.post(`/api/auditions/${id}/note`).send({ text: "Hello" }).expect(401);
    expect(mailbox.received).toEqual([]);
  });

  it("when the mail server is down, then 503 saying the note was not sent", async ({ t, admin }) => {
    const { id } = await browser.handIn(t, makeWav({ seconds: 1 }));
    await admin.put(`/api/auditions/${id}`).send({ status: "declined" }).expect(200);
    mailbox.setDown(true);
    const res = await admin.post(`/api/auditions/${id}/note`).send({ text: "Thank you" }).expect(503);
    expect(res.body).toMatchObject({ code: "UNAVAILABLE", message: "The mail server did not take the note. Try again in a moment." });
  });
});

describe("the owner's note without SMTP_URL", () => {
  itWithoutMail("when e-mail is not set up, then a note is refused with 503 saying so", async ({ t, admin }) => {
    const { id } = await browser.handIn(t, makeWav({ seconds: 1 }));
    await admin.put(`/api/auditions/${id}`).send({ status: "shortlisted" }).expect(200);
    const res = await admin.post(`/api/auditions/${id}/note`).send({ text: "Hello" }).expect(503);
    expect(res.body).toMatchObject({
      code: "UNAVAILABLE",
      message: "E-mail is not set up on this site (SMTP_URL), so nothing can be sent.",
    });
  });
});
