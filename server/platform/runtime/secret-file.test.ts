import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readOrCreateSecret, readSecret } from "./secret-file";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-secret-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("secret files", () => {
  it("when the file is missing, then a random secret is written that only the owner can read", () => {
    const file = path.join(dir, "sub", "session-secret");

    const secret = readOrCreateSecret(file);

    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(file, "utf8")).toBe(`${secret}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["session-secret"]);
  });

  it("when the file holds a secret, then that secret is kept", () => {
    const file = path.join(dir, "postgres-password");
    fs.writeFileSync(file, "kept-secret\n");

    expect(readOrCreateSecret(file)).toBe("kept-secret");
    expect(readSecret(file)).toBe("kept-secret");
  });

  it("when the secret is shorter than required, then it is replaced", () => {
    const file = path.join(dir, "session-secret");
    fs.writeFileSync(file, "short\n");

    const secret = readOrCreateSecret(file, { minLength: 32 });

    expect(secret).not.toBe("short");
    expect(readSecret(file)).toBe(secret);
  });

  it("when there is no file, then reading gives nothing", () => {
    expect(readSecret(path.join(dir, "none"))).toBeUndefined();
  });
});
