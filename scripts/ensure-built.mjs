// Builds the client and/or server when missing or older than their sources (used by `npm start`
// and the backup/restore commands, so a fresh clone needs no separate build step).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  entries.forEach((e) => visit(path.join(root, e)));
  return newest;
}

function mtime(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

const sharedInputs = ["shared", "package-lock.json", "tsconfig.json"];
const TARGETS = [
  {
    name: "client",
    output: "dist/ssr/entry-server.js",
    inputs: ["client", "vite.config.ts", "tailwind.config.ts", ...sharedInputs],
    commands: [
      [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
      [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--ssr", "src/entry-server.tsx", "--logLevel", "warn"],
      [path.join(root, "scripts/compress-assets.mjs")],
    ],
  },
  {
    name: "server",
    output: "dist/server/index.js",
    inputs: ["server", "scripts/build-server.mjs", ...sharedInputs],
    commands: [[path.join(root, "scripts/build-server.mjs")]],
  },
];
export function ensureBuilt(names) {
  for (const target of TARGETS.filter((t) => names.includes(t.name))) {
    const built = mtime(target.output);
    if (!built || newestMtime(target.inputs) > built) {
      process.stderr.write(`Building the ${target.name}...\n`);
      for (const command of target.commands) execFileSync(process.execPath, command, { stdio: "inherit", cwd: root });
    }
  }
}
