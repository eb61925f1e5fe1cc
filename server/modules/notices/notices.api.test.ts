import { describe, expect } from "vitest";
import { auditionTestsWithMailbox, browser } from "../../test/hand-ins";
import { ADMIN_EMAIL, appTest, type TestApp } from "../../test/harness";
import { EASY_MESSAGES, sendMessage, setMessagesEnabled } from "../../test/messages";
import { makeWav } from "../../test/wav";

// The owners' e-mail about new hand-ins (docs/product.md "E-mail"), received by an SMTP server on loopback.
const { mailbox, mailing, it, itWithoutMail } = await auditionTestsWithMailbox({ user: "site", password: "p@ss word" });

const wav = () => makeWav({ seconds: 1 });
const noticeRows = async (t: TestApp) =>
  (await t.db.database.pool.query("SELECT kind, summary, state, attempts FROM notices ORDER BY id")).rows as {
    kind: string;
    summary: string;
    state: string;
    attempts: number;
  }[];

describe("the owners' e-mail about new hand-ins", () => {
  it("when a candidate hands in an edit, then the next run e-mails the owner once about it, with the absolute link to /admin/auditions", async ({
    t,
    admin,
  }) => {
    await admin.post("/api/settings").send({ key: "podcast_title", value: "Night Owls" }).expect(200);
    await browser.handIn(t, wav());
    // The hand-in's request did not wait for any e-mail: it is queued for the minute's run.
    expect(mailbox.received).toEqual([]);
    expect(await t.app.notices.sendPending()).toBe(1);
    const [mail, ...more] = await mailbox.waitFor(1);
    expect(more).toEqual([]);
    expect(mail!.to).toEqual([ADMIN_EMAIL]);
    expect(mail!.headers.from).toBe("Night Owls <no-reply@localhost>");
    expect(mail!.subject).toBe("New audition hand-in: Ada Editor (my-edit.wav)");
    expect(mail!.headers["content-language"]).toBe("en");
    expect(mail!.text).toContain("A candidate has handed in an edit on Night Owls:");
    expect(mail!.text).toContain("See the hand-ins: http://localhost:5000/admin/auditions");
    expect(mail!.html).toContain('<a href="http://localhost:5000/admin/auditions">');
    // Sent once: the next run has nothing to send.
    expect(await t.app.notices.sendPending()).toBe(0);
    expect((await noticeRows(t)).map((n) => n.state)).toEqual(["sent"]);
  });

  it("when three hand-ins arrive within the minute, then one digest names all three", async ({ t }) => {
    for (const name of ["Ada Editor", "Bo Cutter", "Cy Mixer"]) await browser.handIn(t, wav(), { name });
    expect(await t.app.notices.sendPending()).toBe(3);
    await mailbox.waitFor(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(mailbox.received).toHaveLength(1);
    const [mail] = mailbox.received;
    expect(mail!.subject).toBe("3 new arrivals on Pain & Learning Podcast");
    expect(mail!.text).toContain("3 audition hand-ins");
    for (const name of ["Ada Editor", "Bo Cutter", "Cy Mixer"]) expect(mail!.text).toContain(`- ${name} (my-edit.wav)`);
    expect(mail!.text).toContain("http://localhost:5000/admin/auditions");
  });

  it("when a listener's message is queued beside a hand-in, then the digest lists each under its heading with its own link", async ({
    t,
  }) => {
    await browser.handIn(t, wav());
    await t.app.notices.queueNotice({ kind: "message", id: "m-1", summary: "Sam: a voice message (0:42)" });
    expect(await t.app.notices.sendPending()).toBe(2);
    const [mail] = await mailbox.waitFor(1);
    expect(mail!.text).toContain("1 message from a listener\n- Sam: a voice message (0:42)");
    expect(mail!.text).toContain("Listen to the messages: http://localhost:5000/admin/messages");
    expect(mail!.text).toContain("1 audition hand-in\n- Ada Editor (my-edit.wav)");
  });

  it("when the mail server is down, then the hand-in is still taken, the notice stays pending, and a later run sends it", async ({ t }) => {
    mailbox.setDown(true);
    await browser.handIn(t, wav());
    expect(await t.app.notices.sendPending()).toBe(0);
    expect(await noticeRows(t)).toEqual([expect.objectContaining({ state: "pending", attempts: 1 })]);
    mailbox.setDown(false);
    expect(await t.app.notices.sendPending()).toBe(1);
    const [mail] = await mailbox.waitFor(1);
    expect(mail!.subject).toBe("New audition hand-in: Ada Editor (my-edit.wav)");
    expect(await noticeRows(t)).toEqual([expect.objectContaining({ state: "sent", attempts: 1 })]);
  });

  it("when two instances run the job at once, then the notice is e-mailed once", async ({ t }) => {
    await browser.handIn(t, wav());
    const other = t.restart();
    const sent = await Promise.all([t.app.notices.sendPending(), other.notices.sendPending()]);
    expect(sent.sort()).toEqual([0, 1]);
    await mailbox.waitFor(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(mailbox.received).toHaveLength(1);
  });

  it("when a candidate's name carries a line break and a header, then the e-mail gains no header and goes to the owner alone", async ({
    t,
  }) => {
    await browser.handIn(t, wav(), { name: "Eve\r\nBcc: victim@example.com\r\nX-Evil: 1" });
    await t.app.notices.sendPending();
    const [mail] = await mailbox.waitFor(1);
    expect(mail!.to).toEqual([ADMIN_EMAIL]);
    expect(mail!.headers.bcc).toBeUndefined();
    expect(mail!.headers["x-evil"]).toBeUndefined();
    const head = mail!.raw.slice(0, mail!.raw.search(/\r?\n\r?\n/));
    expect(head).not.toMatch(/^(Bcc|X-Evil):/im);
    expect(mail!.text).toContain("\nEve Bcc: victim@example.com X-Evil: 1 (my-edit.wav)\n");
    expect(mail!.subject).toBe("New audition hand-in: Eve Bcc: victim@example.com X-Evil: 1 (my-edit.wav)");
  });

  it("when the admin asks, then the mail status says e-mail is set up; a visitor gets 401", async ({ t, admin }) => {
    expect((await admin.get("/api/mail/status").expect(200)).body).toEqual({ mail: true });
    await t.request.get("/api/mail/status").expect(401);
  });
});

describe("without SMTP_URL", () => {
  itWithoutMail(
    "when a candidate hands in an edit, then it is taken (2xx), nothing is queued and nothing is sent",
    async ({ t, admin }) => {
      await browser.handIn(t, wav());
      expect((await admin.get("/api/auditions").expect(200)).body).toHaveLength(1);
      expect(await t.app.notices.sendPending()).toBe(0);
      expect(await noticeRows(t)).toEqual([]);
      await new Promise((r) => setTimeout(r, 100));
      expect(mailbox.received).toEqual([]);
      expect((await admin.get("/api/mail/status").expect(200)).body).toEqual({ mail: false });
    },
  );
});

const withMessages = appTest({ ...EASY_MESSAGES, config: mailing });

describe("the owners' e-mail about listeners' messages", () => {
  withMessages(
    "when a listener's written message arrives, then the next run e-mails the owner naming the sender, its start and the link to /admin/messages",
    async ({ t, admin }) => {
      await setMessagesEnabled(admin, true);
      await sendMessage(t.request, { kind: "text", name: "Sam", text: "Loved the episode about knees.\nMore please!" }, undefined, 201);
      expect(mailbox.received).toEqual([]);
      expect(await t.app.notices.sendPending()).toBe(1);
      const [mail] = await mailbox.waitFor(1);
      expect(mail!.to).toEqual([ADMIN_EMAIL]);
      expect(mail!.subject).toContain("Sam · “Loved the episode about knees. More please!”");
      expect(mail!.text).toContain("http://localhost:5000/admin/messages");
    },
  );
});
