import path from "node:path";
import type { Config } from "../config";
import { createLocalStore } from "./local-store";
import type { ObjectStore } from "./store";

export async function createObjectStore(config: Pick<Config, "storage" | "gcsBucket" | "dataDir">): Promise<ObjectStore> {
  if (config.storage === "gcs") {
    const [{ Storage }, { createGcsStore }] = await Promise.all([import("@google-cloud/storage"), import("./gcs-store")]);
    return createGcsStore(new Storage(), config.gcsBucket!);
  }
  return createLocalStore(path.join(config.dataDir, "objects"));
}
