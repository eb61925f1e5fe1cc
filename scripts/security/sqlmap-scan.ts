/**
 * `npm run test:security`: sqlmap (Debian's package, installed if missing) against every route
 * that takes parameters, as a visitor and as the admin, on the built app with a throwaway
 * database on loopback. Passes when sqlmap finds nothing injectable and every target was tested.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ADMIN, type AppProcess, Client, startApp, tempDir } from "../faults/lib";

function ensureSqlmap(): string {
  const found = ["/usr/bin/sqlmap", "/usr/local/bin/sqlmap"].find((p) => fs.existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0 && fs.existsSync("/etc/debian_version")) {
    console.log("Installing Debian's sqlmap package...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "sqlmap"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    return "/usr/bin/sqlmap";
  }
  throw new Error("sqlmap is not installed: apt-get install sqlmap (Debian) or put sqlmap on the PATH");
}

interface Target {
  name: string;
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: string;
  admin?: boolean;
  /** Answers that are normal for this route (a wrong password is a 401), not an error to sqlmap. */
  ignore?: string;
}

function run(cmd: string, args: string[], limitMs: number): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
    child.on("close", () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}

async function main(): Promise<number> {
  const sqlmap = ensureSqlmap();
  const dataDir = tempDir("sqlmap");
  const outDir = tempDir("sqlmap-out");
  let app: AppProcess | undefined;
  let failed = 0;
  let passed = 0;
  try {
    app = await startApp({ DATA_DIR: dataDir });
    const admin = new Client(app.url);
    await admin.login();
    const spotify = "https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk";
    const youtube = "https://www.youtube.com/embed/dQw4w9WgXcQ";
    await admin.request("POST", "/api/episodes", { title: "Seed", spotifyEmbedUrl: spotify });
    await admin.request("POST", "/api/clips", { title: "Seed clip", youtubeEmbedUrl: youtube });
    await admin.request("POST", "/api/providers", { name: "Seed", url: "https://p.example", icon: "fa-seed" });
    await admin.request("POST", "/api/settings", { key: "editors_password", value: "podedit" });
    const { uploadURL } = (await admin.request("POST", "/api/objects/upload")).body as { uploadURL: string };
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    await fetch(app.url + uploadURL, { method: "PUT", headers: { Origin: app.url, Cookie: admin.cookie }, body: png });
    const objectId = uploadURL.split("/").pop()!;
    const json = (o: object) => JSON.stringify(o);

    // `*` marks where sqlmap injects.
    const targets: Target[] = [
      { name: "clip by slug", method: "GET", path: "/api/clips/slug/seed-clip*" },
      { name: "one setting", method: "GET", path: "/api/settings/podcast_title*" },
      { name: "clip page", method: "GET", path: "/clips/seed-clip*" },
      { name: "uploaded object", method: "GET", path: `/objects/${objectId}*`, ignore: "404" },
      { name: "audition unlock", method: "POST", path: "/api/editors/unlock", body: json({ password: "podedit1*" }), ignore: "401,429" },
      {
        name: "login",
        method: "POST",
        path: "/api/auth/login",
        body: json({ email: `${ADMIN.email}*`, password: "x*" }),
        ignore: "401,429",
      },
      {
        name: "create episode",
        method: "POST",
        path: "/api/episodes",
        body: json({ title: "t*", spotifyEmbedUrl: spotify, description: "d*" }),
        admin: true,
      },
      {
        name: "update episode",
        method: "PUT",
        path: "/api/episodes/1*",
        body: json({ title: "t*", slug: "s*", metaDescription: "m*" }),
        admin: true,
      },
      { name: "swap episodes", method: "POST", path: "/api/episodes/1*/swap", body: json({ withId: 1 }), admin: true },
      {
        name: "create clip",
        method: "POST",
        path: "/api/clips",
        body: json({ title: "t*", slug: "s*", youtubeEmbedUrl: youtube, content: "c*" }),
        admin: true,
      },
      { name: "update clip", method: "PUT", path: "/api/clips/1*", body: json({ title: "t*", keyQuote: "q*" }), admin: true },
      {
        name: "create provider",
        method: "POST",
        path: "/api/providers",
        body: json({ name: "n*", url: "https://p.example", icon: "fa-x*" }),
        admin: true,
      },
      { name: "save setting", method: "POST", path: "/api/settings", body: json({ key: "podcast_title", value: "v*" }), admin: true },
      {
        name: "save all settings",
        method: "PUT",
        path: "/api/settings",
        body: json({ settings: [{ key: "editors_intro", value: "v*" }] }),
        admin: true,
      },
      { name: "admin setting read", method: "GET", path: "/api/settings/editors_file_1_url*", admin: true },
      { name: "analytics table export", method: "GET", path: "/api/analytics/export.csv?table=pages*&from=2026-01-01*", admin: true },
      // No other show's feed is waiting: the answer is 404 unless an injection gets through.
      {
        name: "take another show's details",
        method: "POST",
        path: "/api/feed/adopt-show",
        body: json({ take: ["title*"] }),
        admin: true,
        ignore: "404",
      },
    ];

    for (const target of targets) {
      const args = [
        "-u",
        app.url + target.path,
        "--method",
        target.method,
        "--batch",
        "--flush-session",
        "--disable-coloring",
        "--level",
        "2",
        "--risk",
        "1",
        "--skip",
        "sid,__Host-sid",
        "--timeout",
        "10",
        "--retries",
        "1",
        "--output-dir",
        outDir,
        "-H",
        `Origin: ${app.url}`,
        ...(target.body ? ["--data", target.body, "-H", "Content-Type: application/json"] : []),
        ...(target.admin ? ["--cookie", admin.cookie] : []),
        ...(target.ignore ? ["--ignore-code", target.ignore] : []),
      ];
      const out = await run(sqlmap, args, 5 * 60_000);
      const injectable =
        /identified the following injection point|is vulnerable|appears to be .*injectable(?! )/i.test(out) &&
        !/do not appear to be injectable/i.test(out);
      const tested = /do not appear to be injectable|not injectable/i.test(out);
      const ok = !injectable && tested;
      console.log(
        `  ${ok ? "ok " : "NOT"} ${target.method} ${target.path.replaceAll("*", "")} (${target.name}): ${injectable ? "INJECTABLE" : tested ? "nothing injectable" : "not tested"}`,
      );
      if (!ok) {
        failed++;
        console.log(out.split("\n").slice(-25).join("\n"));
      } else {
        passed++;
      }
    }
    const health = await admin.request("GET", "/api/health");
    if (health.status !== 200) {
      failed++;
      console.log("  NOT the app is unhealthy after the scan");
    }
  } finally {
    await app?.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.resolve(outDir), { recursive: true, force: true });
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
