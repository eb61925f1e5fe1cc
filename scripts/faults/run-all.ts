import { analyticsFlood } from "./analytics-flood";
import { bigFeedSync } from "./big-feed";
import { crashDuringWrites } from "./crash-writes";
import { databaseOutage } from "./db-outage";
import { diskFullUpload } from "./disk-full";
import { handInCrash } from "./hand-in-crash";
import { loginStorm } from "./login-storm";
import { slowConnections } from "./slowloris";
import { runScript } from "./lib";

/** `npm run test:faults`: each fault on loopback, bounded in time, asserting its outcome. */
const scripts: [string, Parameters<typeof runScript>[1]][] = [
  ["kill -9 during writes (embedded database)", (c) => crashDuringWrites(c, "embedded")],
  ["kill -9 during writes (PostgreSQL server)", (c) => crashDuringWrites(c, "postgres")],
  ["PostgreSQL restarted and stalled under load", databaseOutage],
  ["disk full while an upload is written", diskFullUpload],
  ["kill -9 in the middle of an audition hand-in, then resumed", handInCrash],
  ["1,500 slow connections (slowloris)", slowConnections],
  ["200 concurrent logins", loginStorm],
  ["a 3,000-item feed synced while visitors read", bigFeedSync],
  ["SIGTERM and kill -9 during a flood of analytics beacons", analyticsFlood],
];

const only = process.argv[2];
let passed = 0;
let failed = 0;
for (const [name, body] of scripts) {
  if (only && !name.includes(only)) continue;
  if (await runScript(name, body)) passed++;
  else failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
