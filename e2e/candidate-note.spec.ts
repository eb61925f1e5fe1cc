import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { request, type APIRequestContext } from "@playwright/test";
import type { HandInUpload } from "../shared/auditions";
import type { ReceivedMail } from "../server/test/mailbox";
import { makeWav } from "../server/test/wav";
import { adminApi, removeE2EHandIns } from "./admin-api";
import { expect, expectPageSettled, seriousAxeFindings, test } from "./fixtures";
import { STATE_FILE, type ServerState } from "./server-state";

const here = path.dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = path.join(here, "artifacts");

/** The e-mails the loopback mailbox received (global setup's SMTP_URL), to `address`. */
function mailTo(address: string): ReceivedMail[] {
  const { mailDir } = JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as ServerState;
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .map((file) => JSON.parse(fs.readFileSync(path.join(mailDir, file), "utf8")) as ReceivedMail)
    .filter((mail) => mail.to.includes(address));
}

/** A candidate hands in a small WAV over the API, as the browser's uploader does. */
async function handIn(baseURL: string, code: string, name: string, email: string) {
  const candidate = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const wav = makeWav({ seconds: 1 });
  const started = await candidate.post("/api/editors/hand-ins", {
    data: { code, name, email, notes: "", fileName: "note-edit.wav", size: wav.length, head: wav.subarray(0, 4100).toString("base64") },
  });
  expect(started.status(), await started.text()).toBe(201);
  const upload = (await started.json()) as HandInUpload;
  const headers = { "x-upload-token": upload.token };
  const { url } = (await (
    await candidate.post(`/api/editors/hand-ins/${upload.id}/sign`, { data: { partNumber: 1 }, headers })
  ).json()) as {
    url: string;
  };
  expect((await candidate.put(url, { data: wav })).status()).toBe(200);
  const done = await candidate.post(`/api/editors/hand-ins/${upload.id}/complete`, {
    headers: { ...headers, "x-audition-code": code, "content-type": "application/xml" },
    data: "<CompleteMultipartUpload></CompleteMultipartUpload>",
  });
  expect(done.status(), await done.text()).toBe(200);
  await candidate.dispose();
}

let api: APIRequestContext;
test.beforeEach(async ({ baseURL }) => {
  api = await adminApi(baseURL!);
});
test.afterEach(async () => {
  await removeE2EHandIns(api);
  await api.dispose();
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 800 } });

    test("when the owner shortlists a hand-in, then a note prefilled for it is offered, and the words they type reach the candidate's mailbox", async ({
      page,
      baseURL,
    }) => {
      const email = `note-${width}-${Date.now()}@example.com`;
      const name = `E2E Noted ${width}`;
      await handIn(baseURL!, `podedit39${width}`, name, email);
      await page.context().addCookies((await api.storageState()).cookies);
      await page.goto("/admin/auditions");
      const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
      await item.getByLabel("Status").selectOption("shortlisted");

      const dialog = page.getByRole("dialog", { name: `Send ${name} a note?` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(`It goes by e-mail to ${email}.`)).toBeVisible();
      const note = dialog.getByLabel("Note");
      await expect(note).toHaveValue(/^Hello E2E Noted \d+,\n\nthank you for your audition edit\./);
      // The owner adds their own words, a long line among them, by the keyboard.
      const added = ` P.S. ${"We especially liked how you kept the laughter in the second half. ".repeat(4).trim()}`;
      await note.press("End");
      await note.pressSequentially(added.slice(0, 40));
      await note.fill((await note.inputValue()) + added.slice(40));
      await expectPageSettled(page);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, `candidate-note-${width}.png`), fullPage: false });
      const sent = await note.inputValue();
      await dialog.getByRole("button", { name: "Send note" }).focus();
      await page.keyboard.press("Enter");

      await expect(page.getByText(`Note sent to ${email}`, { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect.poll(() => mailTo(email).length).toBe(1);
      const [mail] = mailTo(email);
      expect(mail!.subject).toMatch(/^About your audition for /);
      expect(mail!.text.trim()).toBe(sent.trim());

      // Declined next: the note is offered again, and Cancel sends nothing.
      await item.getByLabel("Status").selectOption("declined");
      const declined = page.getByRole("dialog", { name: `Send ${name} a note?` });
      await expect(declined.getByLabel("Note")).toHaveValue(/We have decided not to take it further this time\./);
      await declined.getByRole("button", { name: "Cancel" }).click();
      await expect(declined).toBeHidden();
      await page.waitForTimeout(500);
      expect(mailTo(email)).toHaveLength(1);
    });
  });
}
