/**
 * People with access (docs/product.md "People with access"): an editor reaching the owner's routes
 * (the people, the backup, the feed address, the theme) is refused with 403, and a removed editor's
 * session, still held, is refused (401) on its very next request, reads and writes alike.
 */
import { type AppProcess, Client } from "../../faults/lib";

const PASSWORD = "an-editor's-long-password";

function verdict(problems: string[], bad: boolean, line: string): void {
  console.log(`  ${bad ? "NOT" : "ok "} ${line}`);
  if (bad) problems.push(line);
}

/** The owner invites an editor, who accepts and logs in in a browser of their own. */
async function invitedEditor(app: AppProcess, owner: Client, email: string): Promise<{ editor: Client; id: number }> {
  const invited = await owner.request("POST", "/api/users/invitations", { email, role: "editor" });
  if (invited.status !== 201) throw new Error(`the invitation answered ${invited.status}`);
  const token = String(invited.body.url).split("/welcome/")[1];
  const accepted = await new Client(app.url).request("POST", "/api/users/accept", { token, password: PASSWORD });
  if (accepted.status !== 201) throw new Error(`the acceptance answered ${accepted.status}`);
  const editor = new Client(app.url);
  const login = await editor.request("POST", "/api/auth/login", { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`the editor's login answered ${login.status}`);
  const people = await owner.request("GET", "/api/users");
  const id = (people.body as { id: number; email: string }[]).find((p) => p.email === email)!.id;
  return { editor, id };
}

export async function attackPeople(app: AppProcess): Promise<string[]> {
  const owner = new Client(app.url);
  await owner.login();
  const problems: string[] = [];
  const { editor, id } = await invitedEditor(app, owner, `editor-${Date.now()}@example.com`);

  const ownerOnly: [string, string, unknown?][] = [
    ["GET", "/api/users"],
    ["POST", "/api/users/invitations", { email: "more@example.com", role: "owner" }],
    ["DELETE", `/api/users/${id}`],
    ["GET", "/api/backup"],
    ["POST", "/api/settings", { key: "rss_url", value: "https://attacker.example/feed.xml" }],
    [
      "PUT",
      "/api/settings",
      {
        settings: [
          { key: "podcast_title", value: "x" },
          { key: "site_theme", value: "dark" },
        ],
      },
    ],
    ["POST", "/api/feed/adopt-show", { take: [] }],
    ["POST", "/api/feed/move", {}],
  ];
  const answers = [];
  for (const [method, path, body] of ownerOnly) answers.push(`${method} ${path}: ${(await editor.request(method, path, body)).status}`);
  const letThrough = answers.filter((a) => !a.endsWith(": 403"));
  verdict(
    problems,
    letThrough.length > 0,
    `an editor on ${ownerOnly.length} owner-only routes: ${letThrough.length ? letThrough.join(", ") : "all 403"}`,
  );

  const before = (await editor.request("GET", "/api/episodes/admin")).status;
  const removed = (await owner.request("DELETE", `/api/users/${id}`)).status;
  const read = (await editor.request("GET", "/api/auth/me")).status;
  const write = (
    await editor.request("POST", "/api/episodes", {
      title: "After removal",
      spotifyEmbedUrl: `https://open.spotify.com/embed/episode/${"a".repeat(22)}`,
    })
  ).status;
  verdict(
    problems,
    before !== 200 || removed !== 204 || read !== 401 || write !== 401,
    `a removed editor's still-held session: before ${before}, removal ${removed}, then a read ${read} and a write ${write} (want 200, 204, 401, 401)`,
  );
  return problems;
}
