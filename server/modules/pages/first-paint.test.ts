import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { InitialData } from "../../../shared/initial-data";
import { createFirstPaint } from "./first-paint";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A logger whose lines are kept, to read what was logged. */
function keptLogger() {
  const lines: { level: number; msg: string; err?: string }[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: "info" }, out), lines };
}

describe("createFirstPaint", () => {
  it("when the server-render bundle cannot be loaded, then the pages go on without it and one error line says why", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-paint-"));
    dirs.push(dir);
    const entry = path.join(dir, "entry-server.js");
    fs.writeFileSync(entry, "export const render = ;\n");
    const { logger, lines } = keptLogger();
    const firstPaint = createFirstPaint(entry, logger);

    expect(await firstPaint("/", {} as InitialData, { tag: "en", messages: {} })).toBeUndefined();
    expect(await firstPaint("/about", {} as InitialData, { tag: "en", messages: {} })).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));

    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(/server-render bundle/);
    expect(errors[0]!.err).toMatch(/Unexpected token/);
  });

  it("when there is no server-render build at all, then nothing is logged (the browser renders the pages)", async () => {
    const { logger, lines } = keptLogger();

    expect(
      await createFirstPaint(path.join(os.tmpdir(), "no-such-dir", "entry-server.js"), logger)("/", {} as InitialData, {
        tag: "en",
        messages: {},
      }),
    ).toBeUndefined();

    expect(lines).toEqual([]);
  });
});
