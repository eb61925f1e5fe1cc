// `npm start`: build what is missing or older than its sources, then run the server in this process.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, root } from "./ensure-built.mjs";

process.chdir(root);
ensureBuilt(["client", "server"]);
process.env.NODE_ENV ??= "production";
// eslint-disable-next-line no-unsanitized/method -- our own built bundle, by a fixed path
await import(pathToFileURL(path.join(root, "dist/server/index.js")).href);
