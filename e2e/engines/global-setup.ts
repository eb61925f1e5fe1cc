import type { TestProject } from "vitest/node";
import { ensureBuilt } from "../../scripts/ensure-built.mjs";
import { startE2EServer } from "../global-setup";
import { stopE2EServer } from "../global-teardown";
import { listenOnLoopback, quietWav, sendAudio } from "../loopback-host";
import { adminSession } from "../seed";
import { STATE_FILE } from "../server-state";
import { startNullSink } from "./sound";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The null sink's PulseAudio server, for Firefox. */
    pulseServer: string;
  }
}

const AUDIO_SECONDS = 60;

/** The show's podcast host on loopback: a feed with one episode with people and a transcript, a trailer, a second episode, and its audio. */
async function startShowHost() {
  const audio = quietWav(AUDIO_SECONDS);
  let base = "";
  const vtt = [
    "WEBVTT",
    "00:00:00.000 --> 00:00:10.000\n<v Ann>Welcome.",
    "00:00:10.000 --> 00:00:20.000\n<v Ann>Attention is a muscle.",
  ].join("\n\n");
  const item = (title: string, inner = "") =>
    `<item><title>${title}</title><guid>${title}</guid><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><itunes:duration>${AUDIO_SECONDS}</itunes:duration><enclosure url="${base}/episode.wav" length="${audio.length}" type="audio/wav"/>${inner}</item>`;
  const feed = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>E2E Engines Show</title>
${item("E2E Engines Episode", `<podcast:person role="host">Ann Host</podcast:person><podcast:transcript url="${base}/t.vtt" type="text/vtt"/>`)}
${item("E2E Engines Season One Episode", "<itunes:season>1</itunes:season>")}
${item("E2E Engines Edit webkit")}
${item("E2E Engines Edit firefox")}
${item("E2E Engines Bulk webkit 1")}
${item("E2E Engines Bulk webkit 2")}
${item("E2E Engines Bulk firefox 1")}
${item("E2E Engines Bulk firefox 2")}
</channel></rss>`;
  const host = await listenOnLoopback((req, res) => {
    if (req.url === "/feed.xml") return void res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(feed());
    if (req.url === "/t.vtt") return void res.writeHead(200, { "Content-Type": "text/vtt" }).end(vtt);
    if (req.url === "/episode.wav") return sendAudio(req, res, audio);
    res.writeHead(404).end();
  });
  base = host.base;
  return { feedUrl: `${base}/feed.xml`, close: host.close };
}

/** Imports the show's feed as the owner does: the feed address saved, then a sync, every new episode published. */
async function importShow(baseURL: string, feedUrl: string): Promise<void> {
  const { post } = await adminSession(baseURL);
  await post("/api/settings", { key: "feed_auto_publish", value: "true" });
  await post("/api/settings", { key: "rss_url", value: feedUrl });
  await post("/api/feed/sync", {});
  // The show takes listeners' messages: the pages offer 'Send us a message'.
  await post("/api/settings", { key: "messages_enabled", value: "true" });
}

/** The built app on its own database and state file (never the Chromium run's), seeded and with the show imported. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuilt(["client", "server"]);
  const stateFile = STATE_FILE.replace(/\.json$/, "-engines.json");
  const host = await startShowHost();
  const sound = await startNullSink();
  const stop = async () => {
    await stopE2EServer(stateFile);
    await host.close();
    sound.stop();
  };
  try {
    const baseURL = await startE2EServer(stateFile);
    await importShow(baseURL, host.feedUrl);
    project.provide("baseURL", baseURL);
    project.provide("pulseServer", sound.server);
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}
