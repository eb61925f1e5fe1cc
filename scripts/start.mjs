// `npm start`: build what is missing or older than its sources, then run the server in this process.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, root } from "./ensure-built.mjs";

process.chdir(root);
ensureBuilt(["client", "server"]);
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "dist/server/index.js")).href);
