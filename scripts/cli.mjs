// `npm run backup -- FILE`, `npm run restore -- FILE`: the server's command line, built if needed.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, root } from "./ensure-built.mjs";

ensureBuilt(["server"]);
// eslint-disable-next-line no-unsanitized/method -- our own built bundle, by a fixed path
await import(pathToFileURL(path.join(root, "dist/server/cli.js")).href);
