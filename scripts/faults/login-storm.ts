import fs from "node:fs";
import { ADMIN, type AppProcess, type Check, Client, startApp, tempDir } from "./lib";

/** 200 logins at once: all but the allowed few are refused with 429 before hashing; other routes stay responsive. */
export async function loginStorm(check: Check): Promise<void> {
  const dataDir = tempDir("storm");
  let app: AppProcess | undefined;
  try {
    app = await startApp({ DATA_DIR: dataDir });
    const base = app.url;
    const logins = Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        new Client(base).request("POST", "/api/auth/login", { email: ADMIN.email, password: `wrong-${i}` }).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    const visitor = new Client(base);
    const reads = await Promise.all(
      Array.from({ length: 10 }, () =>
        visitor.request("GET", "/api/episodes", undefined, AbortSignal.timeout(5_000)).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    const statuses = await logins;
    const count = (s: number) => statuses.filter((x) => x === s).length;
    check.that(count(401) <= 5, `at most the 5 allowed tries were checked against the password (${count(401)} answered 401)`);
    check.that(
      count(429) === 200 - count(401),
      `every other try was refused with 429 (${count(429)}; others: ${statuses.filter((s) => s !== 401 && s !== 429).join(",") || "none"})`,
    );
    check.that(
      reads.every((s) => s === 200),
      `the public API answered during the storm (${reads.join(",")})`,
    );
  } finally {
    await app?.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
