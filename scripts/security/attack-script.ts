/**
 * Part of `npm run test:security`: one hostile script against the built app over real HTTP on
 * loopback, replaying every case a penetration test made of the figures, the hand-in and search
 * (docs/analytics.md "What one script can still do"; docs/product.md "Audition hand-in" and
 * "Search"). Each case prints the bounded outcome it measured (visitors added, listens counted,
 * bytes reserved, 503s) and fails when a bound is exceeded. Counts and outcomes only, never times.
 * The app trusts X-Forwarded-For here, so the script can speak from as many networks as it likes.
 */
import { type AppProcess, checkAgainstApp } from "../faults/lib";
import { attackAnalytics } from "./attacks/analytics";
import { attackHandIn } from "./attacks/hand-in";
import { attackMessages } from "./attacks/messages";
import { attackPeople } from "./attacks/people";
import { attackSearch } from "./attacks/search";

/** Refusals are logged once per client and minute: a whole run's refusals fit in a few lines. */
const MOST_REFUSAL_LINES = 20;

type Attack = [name: string, run: (app: AppProcess) => Promise<string[]>];

const ATTACKS: Attack[] = [
  ["the owner's figures", attackAnalytics],
  ["the audition hand-in", attackHandIn],
  ["search", attackSearch],
  ["listeners' messages", attackMessages],
  ["the people with access", attackPeople],
];

const lines = (text: string) => text.split("\n").filter(Boolean);

checkAgainstApp("attack", { TRUST_PROXY: "1", LOG_LEVEL: "info" }, async (app) => {
  const results: string[][] = [];
  for (const [name, run] of ATTACKS) {
    console.log(`${name}:`);
    results.push(await run(app));
  }
  const refusals = lines(app.output()).filter((l) => l.includes('"statusCode":429') || l.includes("were refused")).length;
  const tooMany = refusals > MOST_REFUSAL_LINES;
  console.log(`  ${tooMany ? "NOT" : "ok "} refusals in the log over the whole run: ${refusals} lines (bound ${MOST_REFUSAL_LINES})`);
  return [...results, tooMany ? [`refusals logged ${refusals} times`] : []];
});
