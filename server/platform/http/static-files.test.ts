import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticFiles } from "./static-files";

let root: string;
let request: ReturnType<typeof supertest>;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "static-files-"));
  fs.mkdirSync(path.join(root, "assets"));
  const file = path.join(root, "assets", "app.js");
  fs.writeFileSync(file, "plain");
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync("plain"));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync("plain"));
  const app = express();
  app.use(staticFiles(root));
  request = supertest(app);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The coding the file came in (the client library decodes it: the text is the same each time). */
const fetched = async (acceptEncoding: string) => {
  const res = await request.get("/assets/app.js").set("Accept-Encoding", acceptEncoding).expect(200);
  expect(res.text).toBe("plain");
  return res.headers["content-encoding"] ?? null;
};

describe("staticFiles: the compressed copy sent", () => {
  it("when the client's q-values refuse or rank down brotli, then the client's choice is followed", async () => {
    expect(await fetched("br;q=0, gzip")).toBe("gzip");
    expect(await fetched("gzip;q=0.5, br;q=0.1")).toBe("gzip");
    expect(await fetched("br, gzip")).toBe("br");
    expect(await fetched("identity;q=0")).toBeNull();
    expect(await fetched("identity")).toBeNull();
  });
});
