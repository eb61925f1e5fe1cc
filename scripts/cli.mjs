// `npm run backup -- FILE`, `npm run restore -- FILE`: the server's command line, built if needed.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, root } from "./ensure-built.mjs";

ensureBuilt(["server"]);
await import(pathToFileURL(path.join(root, "dist/server/cli.js")).href);
