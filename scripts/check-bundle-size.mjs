// The byte budget: the JavaScript a visitor's first page loads (the entry, the chunk of the page
// they open, and every chunk those import) must stay at or under 100 KB gzipped, for every public
// page of the route table, and none of it may be admin code. Read from Vite's build manifest.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUDGET = 100 * 1024;
const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../dist/client");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
const ADMIN_MARKERS = ["@uppy", "uppy-Dashboard", "Theme Selector - Dramatic Gradients", "Save All Changes", "Refresh Content Feed"];

/** A chunk's file and every chunk it imports statically, once each. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const sizes = new Map();
const gzipped = (file) => {
  if (!sizes.has(file)) sizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};

const entry = closure("index.html");
const pages = Object.keys(manifest).filter((key) =>
  /^src\/pages\/(?!admin|clips-admin|episodes-admin|providers-admin|editors-admin|auditions-admin)[\w-]+-page\.tsx$/.test(key),
);
const problems = [];
if (pages.length === 0) problems.push("no public page chunk found in the build manifest");
for (const page of pages) {
  const files = closure(page, new Set(entry));
  let total = 0;
  for (const file of files) {
    total += gzipped(file);
    const text = fs.readFileSync(path.join(dist, file), "utf8");
    for (const marker of ADMIN_MARKERS)
      if (text.includes(marker)) problems.push(`${page} loads admin code ("${marker}") in ${file}: it belongs in a lazy chunk`);
  }
  console.log(`  ${page}: ${(total / 1024).toFixed(1)} KB gzipped (${files.size} files)`);
  if (total > BUDGET) problems.push(`${page} is over the budget by ${((total - BUDGET) / 1024).toFixed(1)} KB`);
}
const entryTotal = [...entry].reduce((sum, file) => sum + gzipped(file), 0);
console.log(`entry (every page): ${(entryTotal / 1024).toFixed(1)} KB gzipped; budget per page ${BUDGET / 1024} KB`);
for (const p of problems) console.error(`bundle size: ${p}`);
console.log(problems.length ? "0 passed, 1 failed" : "1 passed, 0 failed");
process.exit(problems.length ? 1 : 0);
