import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertObjectId, type ObjectStore, type StoredObject } from "./store";

/** Files under DATA_DIR/objects, with the type beside each file. */
export function createLocalStore(dir: string): ObjectStore {
  const root = path.resolve(dir);
  const fileOf = (id: string) => {
    assertObjectId(id);
    return path.join(root, id);
  };

  return {
    kind: "local",
    async createUploadUrl(id) {
      assertObjectId(id);
      return `/api/objects/uploads/${id}`;
    },
    async write(id, data, contentType) {
      const file = fileOf(id);
      await fs.mkdir(root, { recursive: true });
      const tmp = path.join(root, `.${id}.${crypto.randomBytes(4).toString("hex")}.tmp`);
      try {
        await fs.writeFile(tmp, data, { flush: true });
        await fs.writeFile(`${tmp}.type`, contentType, { flush: true });
        await fs.rename(`${tmp}.type`, `${file}.type`);
        await fs.rename(tmp, file);
      } catch (err) {
        await Promise.all([fs.rm(tmp, { force: true }), fs.rm(`${tmp}.type`, { force: true })]);
        throw err;
      }
    },
    async read(id): Promise<StoredObject | null> {
      const file = fileOf(id);
      try {
        const [data, contentType] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, "utf8")]);
        return { data, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async remove(id) {
      const file = fileOf(id);
      await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.type`, { force: true })]);
    },
  };
}
