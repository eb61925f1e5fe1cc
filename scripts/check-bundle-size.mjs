// The byte budget of issue 5: the JavaScript a visitor's first page loads (the entry and the
// modules it preloads) must stay at or under 100 KB gzipped, and none of it may be admin code.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUDGET = 100 * 1024;
const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../dist/client");
const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
let total = 0;
const problems = [];
for (const ref of scripts) {
  const code = fs.readFileSync(path.join(dist, ref));
  const gz = zlib.gzipSync(code, { level: 9 }).length;
  total += gz;
  console.log(`  ${ref}  ${(code.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped`);
  const text = code.toString();
  for (const marker of ["@uppy", "uppy-Dashboard", "Theme Selector - Dramatic Gradients", "Save All Changes"]) {
    if (text.includes(marker)) problems.push(`${ref} holds admin code ("${marker}"): it belongs in a lazy chunk`);
  }
}
console.log(`initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB)`);
if (total > BUDGET) problems.push(`over the budget by ${((total - BUDGET) / 1024).toFixed(1)} KB`);
if (scripts.length === 0) problems.push("no script found in dist/client/index.html");
for (const p of problems) console.error(`bundle size: ${p}`);
console.log(problems.length ? "0 passed, 1 failed" : "1 passed, 0 failed");
process.exit(problems.length ? 1 : 0);
