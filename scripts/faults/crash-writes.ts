import fs from "node:fs";
import { type AppProcess, type Check, Client, sleep, startApp, startPostgres, tempDir } from "./lib";

const SPOTIFY = (n: number) => `https://open.spotify.com/embed/episode/${String(n).padStart(22, "0")}`;
const SAVE_ALL_KEYS = [
  "editors_intro",
  "editors_bullet_1",
  "editors_bullet_2",
  "editors_bullet_3",
  "editors_file_1_name",
  "editors_file_2_name",
  "editors_file_3_name",
  "podcast_title",
  "podcast_description",
  "rss_url",
  "footer_content",
];

/**
 * Writes in a stream (creates, reorders, Save All), then `kill -9` of the server in the middle.
 * After a restart every acknowledged write must be there, and no multi-row change half-applied.
 */
export async function crashDuringWrites(check: Check, target: "embedded" | "postgres"): Promise<void> {
  const dataDir = tempDir("crash");
  const pgDir = target === "postgres" ? tempDir("crash-pg") : undefined;
  const pg = pgDir ? await startPostgres(pgDir) : undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) };
  let app: AppProcess | undefined;
  try {
    app = await startApp(env);
    const client = new Client(app.url);
    await client.login();
    const a = (await client.request("POST", "/api/episodes", { title: "A", spotifyEmbedUrl: SPOTIFY(1), sortOrder: 1 })).body;
    const b = (await client.request("POST", "/api/episodes", { title: "B", spotifyEmbedUrl: SPOTIFY(2), sortOrder: 2 })).body;

    const ackedTitles: string[] = [];
    let ackedVersion = -1;
    let stop = false;
    const writers = [
      (async () => {
        for (let i = 0; !stop; i++) {
          const title = `crash-${i}`;
          const r = await client
            .request("POST", "/api/episodes", { title, spotifyEmbedUrl: SPOTIFY(100 + i), sortOrder: 10 + i })
            .catch(() => null);
          if (r?.status === 201) ackedTitles.push(title);
        }
      })(),
      (async () => {
        while (!stop) await client.request("POST", `/api/episodes/${a.id}/swap`, { withId: b.id }).catch(() => null);
      })(),
      (async () => {
        for (let v = 0; !stop; v++) {
          const settings = SAVE_ALL_KEYS.map((key) => ({ key, value: key === "rss_url" ? `https://v${v}.example.com/feed` : `v${v}` }));
          const r = await client.request("PUT", "/api/settings", { settings }).catch(() => null);
          if (r?.status === 200) ackedVersion = v;
        }
      })(),
    ];
    await sleep(1500);
    app.child.kill("SIGKILL");
    stop = true;
    await Promise.allSettled(writers);
    await app.kill("SIGKILL");
    check.that(
      ackedTitles.length > 0 && ackedVersion >= 0,
      `writes were acknowledged before the kill (${ackedTitles.length} creates, Save All v${ackedVersion})`,
    );

    app = await startApp(env, app.port);
    const after = new Client(app.url);
    await after.login();
    const episodes = (await after.request("GET", "/api/episodes")).body as { id: number; title: string; sortOrder: string }[];
    const titles = new Set(episodes.map((e) => e.title));
    const missing = ackedTitles.filter((t) => !titles.has(t));
    check.that(missing.length === 0, `every acknowledged create survived the kill -9 (${missing.length} missing)`);
    const orders = [episodes.find((e) => e.id === a.id)?.sortOrder, episodes.find((e) => e.id === b.id)?.sortOrder].sort();
    check.that(
      JSON.stringify(orders) === JSON.stringify(["1", "2"]),
      `the swapped pair kept distinct orders 1 and 2 (got ${orders.join(", ")})`,
    );
    const settings = (await after.request("GET", "/api/settings")).body as { key: string; value: string }[];
    const versions = new Set(
      settings
        .filter((s) => SAVE_ALL_KEYS.includes(s.key))
        .map((s) => (s.key === "rss_url" ? /v(\d+)\./.exec(s.value)?.[1] : s.value.slice(1))),
    );
    const saved = Number([...versions][0]);
    check.that(
      versions.size === 1,
      `Save All is all-or-nothing: one version across its ${SAVE_ALL_KEYS.length} settings (saw ${[...versions].join(", ")})`,
    );
    check.that(saved >= ackedVersion, `the acknowledged Save All (v${ackedVersion}) or a later one is stored (v${saved})`);
  } finally {
    await app?.kill("SIGTERM");
    await pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgDir) fs.rmSync(pgDir, { recursive: true, force: true });
  }
}
