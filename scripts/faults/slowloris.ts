import fs from "node:fs";
import net from "node:net";
import { type AppProcess, type Check, Client, sleep, startApp, tempDir } from "./lib";

/**
 * 1,500 connections that send their headers a few bytes at a time (slowloris): real requests
 * are still answered, and the server drops the slow ones once the header time-out passes.
 */
export async function slowConnections(check: Check): Promise<void> {
  const dataDir = tempDir("slowloris");
  let app: AppProcess | undefined;
  const sockets: net.Socket[] = [];
  try {
    app = await startApp({ DATA_DIR: dataDir });
    let closedByServer = 0;
    for (let i = 0; i < 1500; i++) {
      const socket = net.connect(app.port, "127.0.0.1");
      socket.on("error", () => {});
      socket.on("close", () => closedByServer++);
      socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      sockets.push(socket);
      if (i % 100 === 99) await sleep(20);
    }
    const trickle = setInterval(() => sockets.forEach((s) => !s.destroyed && s.write("X-Slow: 1\r\n")), 1_000);
    const client = new Client(app.url);
    const answers: number[] = [];
    for (let round = 0; round < 5; round++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () =>
          client.request("GET", "/api/episodes", undefined, AbortSignal.timeout(5_000)).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      );
      answers.push(...batch);
      await sleep(500);
    }
    check.that(
      answers.every((s) => s === 200),
      `50 real requests were answered during the attack (${answers.filter((s) => s !== 200).length} not)`,
    );
    const until = Date.now() + 25_000;
    while (closedByServer < 1500 && Date.now() < until) await sleep(250);
    clearInterval(trickle);
    check.that(closedByServer === 1500, `the server closed all 1,500 slow connections within its header time-out (${closedByServer})`);
    check.that((await client.request("GET", "/api/health")).status === 200, "the app is healthy afterwards");
  } finally {
    sockets.forEach((s) => s.destroy());
    await app?.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
