import path from "node:path";
import type { Config } from "../../config";
import type { LargeFileStore } from "./large-files";
import { createLocalLargeFiles } from "./local-large-files";
import { createLocalStore } from "./local-store";
import type { ObjectStore } from "./store";

export async function createObjectStore(config: Pick<Config, "storage" | "gcsBucket" | "dataDir">): Promise<ObjectStore> {
  if (config.storage === "gcs") {
    const [{ Storage }, { createGcsStore }] = await Promise.all([import("@google-cloud/storage"), import("./gcs-store")]);
    return createGcsStore(new Storage(), config.gcsBucket!);
  }
  return createLocalStore(path.join(config.dataDir, "objects"));
}

/** The audition hand-ins' store: beside the images, under a key space /objects never serves. */
export async function createLargeFileStore(config: Pick<Config, "storage" | "gcsBucket" | "dataDir">): Promise<LargeFileStore> {
  if (config.storage === "gcs") {
    const [{ Storage }, { createGcsLargeFiles }] = await Promise.all([import("@google-cloud/storage"), import("./gcs-large-files")]);
    return createGcsLargeFiles(new Storage(), config.gcsBucket!);
  }
  return createLocalLargeFiles(path.join(config.dataDir, "objects", "auditions"));
}

/** Listeners' voice messages' store: like the hand-ins', under a key space of its own that /objects never serves. */
export async function createMessageFileStore(config: Pick<Config, "storage" | "gcsBucket" | "dataDir">): Promise<LargeFileStore> {
  if (config.storage === "gcs") {
    const [{ Storage }, { createGcsLargeFiles }] = await Promise.all([import("@google-cloud/storage"), import("./gcs-large-files")]);
    return createGcsLargeFiles(new Storage(), config.gcsBucket!, "messages/");
  }
  return createLocalLargeFiles(path.join(config.dataDir, "objects", "messages"));
}
