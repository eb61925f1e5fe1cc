/**
 * Search against one address's burst (docs/product.md "The show's feed and episode pages"):
 * searching is bounded per client, never per site. 300 archive searches at once from one address
 * (each with its own words, so none is answered from memory) while another address searches; the
 * app trusts X-Forwarded-For here, so each address is its own network. Counts only, never times.
 */
import { type AppProcess, Client } from "../../faults/lib";

const BURST = 300;
/** What one client may start a minute (server/platform/limits/search-gate.ts): more answers than this in a burst is a bound exceeded. */
const PER_MINUTE = 60;
const ATTACKER = "203.0.113.150";
const OTHER = "198.51.100.150";

async function search(app: AppProcess, from: string, words: string): Promise<number> {
  const res = await fetch(`${app.url}/api/episodes/archive?q=${encodeURIComponent(words)}`, { headers: { "X-Forwarded-For": from } });
  await res.arrayBuffer();
  return res.status;
}

/** A few published episodes, so a search has something to read. */
async function seed(app: AppProcess): Promise<void> {
  const owner = new Client(app.url);
  await owner.login();
  for (const [n, title] of ["Learning to listen", "Gardening on a balcony", "Pain science"].entries()) {
    const created = await owner.request("POST", "/api/episodes", {
      title: `${title} (search check)`,
      audioUrl: `https://cdn.example/search-check-${n}.mp3`,
      isPublished: true,
    });
    if (created.status !== 201) throw new Error(`creating an episode answered ${created.status}`);
  }
}

const tally = (statuses: number[]) => (status: number) => statuses.filter((s) => s === status).length;

export async function attackSearch(app: AppProcess): Promise<string[]> {
  await seed(app);
  const burst = Array.from({ length: BURST }, (_, n) => search(app, ATTACKER, `learning word${n}`));
  const other = await search(app, OTHER, "gardening");
  const statuses = await Promise.all(burst);
  const count = tally(statuses);
  const odd = statuses.filter((s) => s !== 200 && s !== 429 && s !== 503);
  const problems: string[] = [];
  if (count(503)) problems.push(`search: ${count(503)} of ${BURST} searches from one address answered 503`);
  if (other !== 200) problems.push(`search: another address's search answered ${other} during the burst`);
  if (count(200) > PER_MINUTE) problems.push(`search: one address got ${count(200)} searches answered in a burst (bound ${PER_MINUTE})`);
  if (odd.length) problems.push(`search: other answers in the burst: ${JSON.stringify(odd)}`);
  console.log(
    `  ${problems.length ? "NOT" : "ok "} ${BURST} searches from one address: ${count(200)} × 200, ${count(429)} × 429, ${count(503)} × 503` +
      `${odd.length ? `, ${odd.length} other` : ""}; another address: ${other}`,
  );
  return problems;
}
