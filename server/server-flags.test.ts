import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("the flags Node runs the server with", () => {
  it("when the server is started by npm start or by the systemd unit, then Node gets every flag of scripts/server-flags.mjs", () => {
    const start = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.start!;
    const execStart = /^ExecStart=(.*)$/m.exec(read("deploy/systemd/podcast-site.service"))![1]!;
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    // Node's own flags come before the script: after it they would be the script's arguments.
    const nodeFlags = (command: string) =>
      command.split(/\s+/).slice(
        1,
        command.split(/\s+/).findIndex((word) => word.endsWith("start.mjs")),
      );
    expect(start.split(/\s+/)[0]).toBe("node");
    expect(nodeFlags(start)).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
    expect(nodeFlags(execStart)).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
  });
});
