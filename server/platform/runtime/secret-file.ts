import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The secret kept in `file`, or undefined when there is none yet. */
export function readSecret(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8").trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/**
 * A random secret kept in a file only its owner reads, made on first use: the embedded
 * database's password and the session secret in DATA_DIR. One shorter than `minLength` is
 * replaced. The new file is written beside and renamed into place, so a crash mid-write never
 * leaves a truncated secret behind.
 */
export function readOrCreateSecret(file: string, options: { minLength?: number } = {}): string {
  const existing = readSecret(file);
  if (existing && existing.length >= (options.minLength ?? 1)) return existing;
  const secret = crypto.randomBytes(32).toString("hex");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, secret + "\n", { mode: 0o600 });
  fs.renameSync(tmp, file);
  return secret;
}
