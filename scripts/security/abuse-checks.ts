/**
 * Part of `npm run test:security`: the attacks a penetration test found, against the built app
 * over real HTTP on loopback. Counts and outcomes only, never times.
 * - Slash paths: four keep-alive connections send 16,000 slashes and a letter, over and over;
 *   every one is refused (414, or 431 from Node's own header limit) and /api/health answers.
 * - Lock-out: behind a trusted proxy, one address sends 150 failed logins for the owner's
 *   account (many e-mails and the owner's); the owner, from another address, still logs in.
 * - Spread out: 121 addresses guess once each, at once, past the site's overall number of failed
 *   logins a minute; a browser without a device cookie is refused, the owner's own browser gets in.
 */
import http from "node:http";
import { ADMIN, type AppProcess, checkAgainstApp } from "../faults/lib";

type RequestOptions = { method?: string; headers?: Record<string, string>; body?: string };

function send(agent: http.Agent, url: string, options: RequestOptions = {}): Promise<{ status: number; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method: options.method ?? "GET", headers: options.headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, cookies: res.headers["set-cookie"] ?? [] }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const request = async (agent: http.Agent, url: string, options: RequestOptions = {}) => (await send(agent, url, options)).status;

const loginWith = (agent: http.Agent, app: AppProcess) => (ip: string, email: string, password: string, cookie?: string) =>
  send(agent, `${app.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });

async function slashPaths(app: AppProcess): Promise<string[]> {
  const problems: string[] = [];
  const path = `${"/".repeat(16_000)}x`;
  const agents = Array.from({ length: 4 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const statuses = new Map<number, number>();
  let healthy = 0;
  const flood = agents.map(async (agent, i) => {
    for (let n = 0; n < 50; n++) {
      const status = await request(
        agent,
        app.url + (i % 2 ? path : `/api${path}`),
        i % 2 ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
      );
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  const health = (async () => {
    for (let n = 0; n < 20; n++) if ((await request(new http.Agent(), `${app.url}/api/health`)) === 200) healthy++;
  })();
  await Promise.all([...flood, health]);
  agents.forEach((a) => a.destroy());
  const refused = (statuses.get(414) ?? 0) + (statuses.get(431) ?? 0);
  if (refused !== 200) problems.push(`slash paths: ${refused} of 200 refused (${JSON.stringify([...statuses])})`);
  if (healthy !== 20) problems.push(`slash paths: /api/health answered 200 ${healthy} of 20 times during the flood`);
  console.log(
    `  ${problems.length ? "NOT" : "ok "} 200 slash-path requests on 4 keep-alive connections: ${refused} refused; health ${healthy}/20`,
  );
  return problems;
}

async function lockOut(app: AppProcess): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true });
  const login = loginWith(agent, app);
  const counts = new Map<number, number>();
  for (let n = 0; n < 150; n++) {
    const { status } = await login("198.51.100.7", n % 3 ? ADMIN.email : `guess${n}@example.com`, `wrong-${n}`);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const { status: owner } = await login("203.0.113.9", ADMIN.email, ADMIN.password);
  agent.destroy();
  const problems = owner === 200 ? [] : [`lock-out: the owner from another address got ${owner}`];
  if (!counts.get(429)) problems.push("lock-out: the attacking address was never refused");
  console.log(
    `  ${problems.length ? "NOT" : "ok "} 150 failed logins from one address (${JSON.stringify([...counts])}); the owner from another address: ${owner}`,
  );
  return problems;
}

/**
 * The site's overall number (60 failed logins a minute, server/modules/auth/throttles.ts) is counted in
 * fixed windows of a minute, from the first try of a window. Guesses one after another run at the
 * speed of password hashing (a fraction of a second each, seconds on a busy machine), so they
 * reached 61 in one window only on a fast enough machine: the check failed by chance. The
 * guesses go out at once instead: each is counted before any hashing, so all are counted within
 * moments, and 121 of them put 61 in one window even when a window ends in the middle (what the
 * lock-out case left in the window only adds). The new browser tries as soon as the first
 * refusal comes back, well within the minute's block, not after the accepted guesses' hashing.
 */
const SPREAD_GUESSES = 121;

async function spreadOut(app: AppProcess): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true });
  const login = loginWith(agent, app);
  const known = await login("203.0.113.20", ADMIN.email, ADMIN.password);
  const device = known.cookies.find((c) => c.startsWith("device="))?.split(";")[0];
  const counts = new Map<number, number>();
  let refusedOnce: () => void = () => {};
  const firstRefusal = new Promise<void>((resolve) => (refusedOnce = resolve));
  const guesses = Array.from({ length: SPREAD_GUESSES }, async (_, n) => {
    const { status } = await login(`198.18.${n}.1`, `guess${n}@example.com`, `wrong-${n}`);
    counts.set(status, (counts.get(status) ?? 0) + 1);
    if (status === 429) refusedOnce();
  });
  await Promise.race([firstRefusal, Promise.all(guesses)]);
  const { status: stranger } = await login("203.0.113.21", ADMIN.email, ADMIN.password);
  const { status: owner } = await login("203.0.113.22", ADMIN.email, ADMIN.password, device);
  await Promise.all(guesses);
  agent.destroy();
  const problems = [];
  if (!device) problems.push("spread out: no device cookie after the owner's login");
  if (!counts.get(429) || stranger !== 429)
    problems.push(`spread out: the overall number was never reached (${JSON.stringify([...counts])}; a new browser got ${stranger})`);
  if (owner !== 200) problems.push(`spread out: the owner's own browser got ${owner}`);
  console.log(
    `  ${problems.length ? "NOT" : "ok "} ${SPREAD_GUESSES} addresses guessing once each, at once (${JSON.stringify([...counts])}); a new browser: ${stranger}; the owner's browser: ${owner}`,
  );
  return problems;
}

checkAgainstApp("abuse", { TRUST_PROXY: "1" }, async (app) => [await slashPaths(app), await lockOut(app), await spreadOut(app)]);
