/**
 * Listeners' messages against one script (docs/product.md "Messages"): over real HTTP against the
 * built app, which trusts X-Forwarded-For here so the script speaks from several networks. A flood
 * from one network (the fourth refused), an oversized recording (413, nothing kept), fake audio (a
 * PNG and an HTML page sent as audio/webm: 415), a replayed challenge (400), and a visitor reading
 * the inbox (401). Counts and outcomes only, never times.
 */
import { solveMessageChallenge } from "../../../shared/message-challenge";
import { MESSAGE_LIMITS, type MessageChallenge } from "../../../shared/messages";
import { makeOggOpus } from "../../../server/test/opus";
import { type AppProcess, Client, jsonOrNull } from "../../faults/lib";

const HTML = Buffer.from("<html><script>alert(document.cookie)</script></html>\n".repeat(40));
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(4000)]);

interface Answer {
  status: number;
  body: any;
}

function verdict(problems: string[], bad: boolean, line: string): void {
  console.log(`  ${bad ? "NOT" : "ok "} ${line}`);
  if (bad) problems.push(line);
}

async function call(
  app: AppProcess,
  network: string,
  method: string,
  path: string,
  body?: BodyInit,
  type = "application/json",
): Promise<Answer> {
  const res = await fetch(new URL(path, app.url), {
    method,
    headers: { Origin: app.url, "X-Forwarded-For": network, ...(body === undefined ? {} : { "Content-Type": type }) },
    body,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: jsonOrNull(await res.text()) };
}

async function solved(app: AppProcess, network: string): Promise<string> {
  return solveMessageChallenge((await call(app, network, "GET", "/api/messages/challenge")).body as MessageChallenge);
}

const send = (app: AppProcess, network: string, fields: Record<string, unknown>) =>
  call(app, network, "POST", "/api/messages", JSON.stringify({ consent: true, ...fields }));

export async function attackMessages(app: AppProcess): Promise<string[]> {
  const problems: string[] = [];
  const owner = new Client(app.url);
  await owner.login();
  await owner.request("POST", "/api/settings", { key: "messages_enabled", value: "true" });

  // A flood from one network: three a day, the fourth refused.
  const flood: number[] = [];
  for (let i = 0; i < 5; i++)
    flood.push(
      (await send(app, `203.0.113.${i + 1}`, { kind: "text", text: `flood ${i}`, altcha: await solved(app, "203.0.113.9") })).status,
    );
  verdict(
    problems,
    flood.filter((s) => s === 201).length !== MESSAGE_LIMITS.perNetworkPerDay || flood.slice(3).some((s) => s !== 429),
    `a flood of 5 from one /24: ${flood.join(", ")}`,
  );

  // A replayed challenge.
  const altcha = await solved(app, "198.51.100.1");
  const first = await send(app, "198.51.100.1", { kind: "text", text: "once", altcha });
  const again = await send(app, "198.51.100.2", { kind: "text", text: "twice", altcha });
  verdict(
    problems,
    first.status !== 201 || again.status !== 400 || again.body?.code !== "CHALLENGE_FAILED",
    `a replayed challenge: ${first.status} then ${again.status}`,
  );

  // Oversized and fake audio, each from a network of its own.
  const cases: [string, Buffer, string, number][] = [
    [
      "10 MB + 1 byte",
      Buffer.concat([makeOggOpus({ seconds: 1 }), Buffer.alloc(MESSAGE_LIMITS.voiceBytesMax)]).subarray(
        0,
        MESSAGE_LIMITS.voiceBytesMax + 1,
      ),
      "audio/ogg",
      413,
    ],
    ["a PNG as audio/webm", PNG, "audio/webm", 415],
    ["an HTML page as audio/webm", HTML, "audio/webm", 415],
  ];
  for (const [name, body, type, expected] of cases) {
    const network = `192.0.${cases.findIndex((c) => c[0] === name) + 2}.1`;
    const started = await send(app, network, { kind: "voice", altcha: await solved(app, network) });
    const put =
      started.status === 201 ? await call(app, network, "PUT", started.body.uploadUrl as string, new Uint8Array(body), type) : started;
    verdict(problems, put.status !== expected, `${name}: ${put.status} (expected ${expected})`);
  }
  const inbox = await owner.request("GET", "/api/messages");
  const voices = (inbox.body as { kind: string }[]).filter((m) => m.kind === "voice").length;
  verdict(problems, voices !== 0, `voice messages the owner sees after the refused recordings: ${voices}`);

  // A visitor reads the inbox.
  const visitor = await call(app, "198.51.100.50", "GET", "/api/messages");
  verdict(problems, visitor.status !== 401, `a visitor reading /api/messages: ${visitor.status}`);
  await owner.request("POST", "/api/settings", { key: "messages_enabled", value: "false" });
  return problems;
}
