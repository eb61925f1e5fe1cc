import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeWav } from "../../server/test/wav";
import type { EnginePage } from "./engine";

/**
 * The visitor's journeys and the owner's essentials (docs/product.md "Every listener's browser"),
 * as one script for every engine: each runs at a phone's width and a desktop's and leaves a
 * screenshot per engine and width. The show they visit is the one global-setup.ts serves.
 */
export interface Journey {
  name: string;
  run(page: EnginePage, width: number): Promise<void>;
}

export const SHOW = {
  episodeTitle: "E2E Engines Episode",
  episodePath: "/episode/e2e-engines-episode",
  person: "Ann Host",
  personPath: "/people/ann-host",
  auditionCode: "podedit42",
  owner: { email: "admin@example.com", password: "e2e-admin-password-123" },
} as const;

/** XPath string literal for `text` (a text with both quote kinds is written with concat()). */
const lit = (text: string) => (text.includes('"') ? `concat("${text.split('"').join(`", '"', "`)}")` : `"${text}"`);
const byLabel = (label: string) => `//*[@aria-label=${lit(label)}]`;
const button = (name: string, within = "") => `${within}//button[@aria-label=${lit(name)} or normalize-space()=${lit(name)}]`;
const field = (label: string) =>
  `(//input|//textarea)[@aria-label=${lit(label)} or @id=//label[normalize-space()=${lit(label)}]/@for or ancestor::label[contains(normalize-space(), ${lit(label)})]]`;
const player = byLabel(`Player: ${SHOW.episodeTitle}`);
const audio = "document.querySelector('audio')";
const bodyHas = (text: string) => `document.body.innerText.includes(${JSON.stringify(text)})`;

async function openEpisode(page: EnginePage, address: string = SHOW.episodePath): Promise<void> {
  await page.goto(address);
  await page.waitUntil(`document.querySelector('[data-keys="on"]') !== null`, "the player's keys to load");
}

/**
 * Opens the episode form in edit mode from the row at `row` and waits until it holds the episode:
 * the add form above the list has the same "Episode Title" field, and the edit form replaces it
 * only once the whole episode has loaded. Typing before that typed into the add form, and the
 * unchanged edit form then saved nothing (no "Episode updated").
 */
async function editEpisode(page: EnginePage, row: string, titleStart: string): Promise<void> {
  await page.click(`${row}//button[starts-with(@aria-label, "Edit")]`);
  await page.waitUntil(
    `document.evaluate(${JSON.stringify(button("Update Episode"))}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue !== null && ` +
      `document.evaluate(${JSON.stringify(field("Episode Title"))}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue?.value.startsWith(${JSON.stringify(titleStart)})`,
    "the edit form with the episode",
  );
  // The form is laid out in full once its notes' editor (a chunk of its own) is in: until then
  // the buttons below it move, and a click aimed at one can land on the field above.
  await page.waitUntil(`document.querySelector(".ProseMirror") !== null`, "the notes' editor in the edit form");
}

async function logIn(page: EnginePage): Promise<void> {
  await page.goto("/admin");
  await page.click(button("Login as Admin"));
  await page.fill(field("Email"), SHOW.owner.email);
  await page.fill(field("Password"), SHOW.owner.password);
  await page.click(button("Login"));
  await page.waitUntil(bodyHas("Admin Dashboard"), "the dashboard");
}

async function logOut(page: EnginePage): Promise<void> {
  await page.goto("/admin");
  await page.click(button("Logout"));
  await page.waitUntil("location.pathname === '/'", "the home page after logging out");
}

/** A real WAV of a second or two, where the engine's file picker can take it. */
function wavFile(name: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-engines-")), name);
  fs.writeFileSync(file, makeWav({ bytes: 300_000, sampleRate: 44_100, channels: 2 }));
  return file;
}

export const JOURNEYS: Journey[] = [
  {
    name: "when a visitor opens the home page, then the show, its latest episodes and the Listen button are there",
    async run(page) {
      await page.goto("/");
      await page.waitUntil(bodyHas("Latest Episodes"), "the Latest Episodes strip");
      await page.waitUntil(bodyHas(SHOW.episodeTitle), "the feed's episode on the strip");
      await page.waitUntil("document.getElementById('listen-menu-trigger') !== null", "the Listen button");
      await page.screenshot("home");
    },
  },
  {
    name: "when a visitor plays an episode, then it plays after the click, +30 s seeks ahead, and coming back it resumes there",
    async run(page) {
      await openEpisode(page);
      await page.screenshot("episode");
      await page.click(button("Play", player));
      await page.waitUntil(`${audio}.currentTime > 0.5 && !${audio}.paused`, "the audio to play after the click");
      await page.waitUntil(`!${bodyHas("could not be loaded")}`, "no failure shown while it plays");
      await page.click(button("+30 s: ahead 30 seconds", player));
      await page.waitUntil(`${audio}.currentTime >= 30`, "the seek ahead");
      await page.click(button("Pause", player));
      await page.waitUntil(`${audio}.paused`, "the pause");
      await openEpisode(page);
      await page.waitUntil("/Resumes at 0:3\\d/.test(document.body.innerText)", "the resume point");
      await page.click(button("Play", player));
      await page.waitUntil(`${audio}.currentTime >= 30 && !${audio}.paused`, "playing from where it stopped");
      await page.click(button("Pause", player));
    },
  },
  {
    name: "when a link names a moment (?t=0:20), then play starts there",
    async run(page) {
      await openEpisode(page, `${SHOW.episodePath}?t=0:20`);
      await page.waitUntil(bodyHas("Plays from 0:20"), "the moment to be announced");
      await page.click(button("Play", player));
      await page.waitUntil(`${audio}.currentTime > 20 && !${audio}.paused`, "play from 0:20");
      await page.screenshot("moment");
      await page.click(button("Pause", player));
    },
  },
  {
    name: "when the Listen menu is opened by keyboard, then the arrows reach its platforms and Escape closes it on its button",
    async run(page) {
      await page.goto("/");
      await page.waitUntil("document.getElementById('listen-menu-trigger') !== null", "the Listen button");
      await page.evaluate("document.getElementById('listen-menu-trigger').focus()");
      await page.press("Enter");
      await page.waitUntil("document.activeElement?.getAttribute('role') === 'menuitem'", "focus on the first platform");
      await page.screenshot("listen-menu");
      const first = await page.evaluate<string>("document.activeElement.textContent");
      await page.press("ArrowDown");
      await page.waitUntil(
        `document.activeElement?.getAttribute('role') === 'menuitem' && document.activeElement.textContent !== ${JSON.stringify(first)}`,
        "the next platform",
      );
      await page.press("Escape");
      await page.waitUntil("document.activeElement?.id === 'listen-menu-trigger'", "focus back on the Listen button");
    },
  },
  {
    name: "when a visitor searches the archive, then the episode that says it is found, at the time of the cue that says it",
    async run(page) {
      await page.goto("/archive");
      await page.fill(field("Search episodes"), "attention");
      await page.waitUntil(`/1 episode match/.test(document.body.innerText) && ${bodyHas(SHOW.episodeTitle)}`, "the search's result");
      // Ann says it in her second cue in a row, at 0:10: the hit leads there, not to her first.
      await page.waitUntil(bodyHas("Jump to 0:10"), "the hit at its cue's time");
      await page.screenshot("archive-search");
    },
  },
  {
    name: "when a visitor opens a person's page, then their name and episodes are there",
    async run(page) {
      await page.goto(SHOW.personPath);
      await page.waitUntil(`document.querySelector('h1')?.textContent.includes(${JSON.stringify(SHOW.person)})`, "the person's name");
      await page.waitUntil(bodyHas(SHOW.episodeTitle), "the person's episode");
      await page.screenshot("person");
    },
  },
  {
    name: "when a candidate types a code on the editors' page, then the audition files open",
    async run(page) {
      await page.goto("/editors");
      await page.fill("input[type=password]", SHOW.auditionCode);
      await page.click(button("Access Files"));
      await page.waitUntil(bodyHas("Access Granted"), "the files to open");
      await page.screenshot("editors-unlocked");
    },
  },
  {
    name: "when a candidate unlocks the editors' page and hands in a WAV, then it arrives",
    async run(page, width) {
      // A code of its own per engine and width: each code hands in at most three edits.
      const code = `podedit${page.engine === "webkit" ? 5 : 6}${width < 768 ? 1 : 2}`;
      // A short name: the file list shortens long ones.
      const file = wavFile("take.wav");
      await page.goto("/editors");
      await page.fill("input[type=password]", code);
      await page.click(button("Access Files"));
      await page.waitUntil(bodyHas("Hand in your edit"), "the hand-in form");
      await page.fill(field("Your name"), `E2E ${page.engine} candidate`);
      await page.fill(field("Your e-mail"), "candidate@example.com");
      await page.fill(field("Notes on your edit"), "Evened the levels.");
      await page.upload(
        button("browse files", "//*[contains(@class, 'hand-in-dashboard')]"),
        "input.uppy-Dashboard-input[type=file]:not([webkitdirectory])",
        file,
      );
      await page.waitUntil(bodyHas(path.basename(file)), "the chosen file in the form");
      await page.screenshot("hand-in-chosen");
      await page.click(button("Hand in your edit"));
      await page.waitUntil(bodyHas(`“${path.basename(file)}” arrived safely.`), "the hand-in to arrive", 30_000);
      await page.screenshot("hand-in-arrived");
    },
  },
  {
    name: "when a listener sends a message from an episode's page, then it arrives (a voice message where the engine records from a fake microphone)",
    async run(page, width) {
      await page.goto(SHOW.episodePath);
      await page.click(`//a[normalize-space()=${lit("Send us a message")}]`);
      await page.waitUntil(bodyHas(`About the episode “${SHOW.episodeTitle}”`), "the message page naming the episode");
      // Each network sends three messages a day: one per engine, from the phone's width; the desktop's is refused before sending.
      const sends = width < 768;
      const voice = sends && page.engine === "firefox";
      if (voice) {
        await page.click(button("Voice message"));
        await page.click(button("Record"));
        await page.waitUntil(bodyHas("Recording 0:02 of 3:00"), "two seconds recorded", 15_000);
        await page.click(button("Stop"));
        await page.waitUntil("/Your recording: 0:0\\d/.test(document.body.innerText)", "the recording kept");
        await page.click(button("Play back"));
        await page.waitUntil("document.querySelector('[data-testid=message-playback]')?.currentTime > 0.2", "the recording played back");
        await page.click(button("Stop playing"));
      } else {
        await page.click(button("Written message"));
        await page.fill(field("Your message"), `A word from ${page.engine} at ${width} px.`);
      }
      await page.fill(field("Your name (optional)"), `E2E ${page.engine} listener`);
      if (!sends) {
        await page.click(button("Send"));
        await page.waitUntil(bodyHas("Tick the box to agree before sending."), "the consent asked for");
        await page.screenshot("message-refused");
        return;
      }
      await page.click(field("We may play your message on the show"));
      await page.screenshot("message-ready");
      await page.click(button("Send"));
      await page.waitUntil(bodyHas("Thank you! Your message arrived."), "the message to arrive", 30_000);
      await page.screenshot("message-arrived");
    },
  },
  {
    name: "when the owner logs in and renames an episode (saving with Enter), then the site shows the new title",
    async run(page, width) {
      await logIn(page);
      await page.screenshot("admin-dashboard");
      await page.goto("/episodes");
      // An episode of this engine's own: the other engine's journeys run at the same time.
      const original = `E2E Engines Edit ${page.engine}`;
      await page.waitUntil(bodyHas(original), "the episodes");
      // Its title begins so even when an earlier run of this journey stopped before renaming it back.
      await editEpisode(page, `//li[.//*[starts-with(normalize-space(), ${lit(original)})]]`, original);
      const title = `${original} (${width} px)`;
      // Saved with Enter in the title, as a keyboard user does: a click on 'Update Episode', far
      // below under the notes and the artwork, once landed on the Artwork field in Firefox as the
      // form still moved, and nothing was saved.
      await page.fill(field("Episode Title"), title);
      await page.press("Enter");
      await page.waitUntil(bodyHas("Episode updated"), "the saved toast");
      await page.screenshot("admin-episode-edited");
      await page.goto("/archive");
      await page.waitUntil(bodyHas(title), "the new title on the archive");
      await page.goto("/episodes");
      await editEpisode(page, `//li[.//*[contains(normalize-space(), ${lit(title)})]]`, title);
      await page.fill(field("Episode Title"), original);
      await page.press("Enter");
      await page.waitUntil(bodyHas("Episode updated"), "the title back");
      await logOut(page);
    },
  },
  {
    name: "when the owner selects this page of episodes and unpublishes, then publishes them, then visitors see them again",
    async run(page) {
      const words = `E2E Engines Bulk ${page.engine}`;
      const bulkBar = "//*[@role='group'][@aria-label='Selected episodes']";
      // The archive's answer to the search has come (whatever it found).
      const archiveAnswered = `/\\d+ episodes? match/.test(document.body.innerText)`;
      const selectBoth = async () => {
        await page.goto("/episodes");
        await page.fill(field("Search episodes"), words);
        await page.waitUntil(
          `${bodyHas(`${words} 1`)} && ${bodyHas(`${words} 2`)} && !${bodyHas("E2E Engines Episode")}`,
          "the two episodes found",
        );
        await page.click(field("This page"));
        await page.waitUntil(bodyHas("2 episodes selected"), "both selected");
      };
      await logIn(page);
      await selectBoth();
      await page.screenshot("admin-bulk-selected");
      await page.click(button("Unpublish", bulkBar));
      await page.waitUntil(bodyHas("2 episodes unpublished"), "the unpublished toast");
      await page.goto(`/archive?q=${encodeURIComponent(words)}`);
      await page.waitUntil(
        `${archiveAnswered} && !${bodyHas(`${words} 1`)} && !${bodyHas(`${words} 2`)}`,
        "the drafts gone from the archive",
      );
      await selectBoth();
      await page.click(button("Publish", bulkBar));
      await page.waitUntil(bodyHas("2 episodes published"), "the published toast");
      await page.screenshot("admin-bulk-published");
      await page.goto(`/archive?q=${encodeURIComponent(words)}`);
      await page.waitUntil(`${archiveAnswered} && ${bodyHas(`${words} 1`)} && ${bodyHas(`${words} 2`)}`, "both back on the archive");
      await logOut(page);
    },
  },
];
