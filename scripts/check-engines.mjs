// Would `npm install` warn about an engine on this Node? Reads the `engines.node` range of the
// project and of every installed package (the same ranges npm's EBADENGINE check reads) and
// fails, naming them, when this Node is outside one. `.ci/run` runs it on each Node it tests.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import semver from "semver";

const version = process.versions.node;
const misses = [];

function check(dir) {
  const file = path.join(dir, "package.json");
  if (!existsSync(file)) return;
  let pkg;
  try {
    pkg = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return;
  }
  const range = pkg.engines?.node;
  if (typeof range === "string" && !semver.satisfies(version, range, { includePrerelease: true })) {
    misses.push(`${pkg.name ?? dir} needs node ${range}`);
  }
}

function walk(modules) {
  if (!existsSync(modules)) return;
  for (const name of readdirSync(modules)) {
    if (name.startsWith(".")) continue;
    const dir = path.join(modules, name);
    if (name.startsWith("@")) {
      walk(dir);
      continue;
    }
    check(dir);
    walk(path.join(dir, "node_modules"));
  }
}

check(".");
walk("node_modules");
if (misses.length > 0) {
  console.error(`Node ${version} is outside the engines of:\n  ${misses.join("\n  ")}`);
  process.exit(1);
}
console.log(`Node ${version} satisfies the engines of the project and every installed package.`);
