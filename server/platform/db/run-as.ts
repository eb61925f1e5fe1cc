import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../runtime/logger";
import { EmbeddedDatabaseError, type Host, type Ids } from "./host";

const RUN_AS = "postgres";

async function lookUp(host: Host): Promise<Required<Ids> | undefined> {
  const [uid, gid] = await Promise.all([host.run("id", ["-u", RUN_AS]), host.run("id", ["-g", RUN_AS])]);
  if (uid.code !== 0 || gid.code !== 0) return undefined;
  return { uid: Number(uid.output.trim()), gid: Number(gid.output.trim()) };
}

/**
 * PostgreSQL refuses to run as root; as root, the cluster belongs to a `postgres` system user,
 * made here on the first start when the machine has none. Everything that runs as that user
 * (initdb, pg_ctl) gets these ids, so they are settled before any of it runs.
 */
export async function runAsUser(host: Host, logger: Logger): Promise<Ids> {
  if (!host.isRoot()) return {};
  const found = await lookUp(host);
  if (found) return found;

  logger.info(`creating the '${RUN_AS}' system user that the embedded PostgreSQL runs as`);
  // groupadd exits 9 when the group is already there (a user deleted without its group).
  const group = await host.run("groupadd", ["--system", RUN_AS]);
  const user =
    group.code === 0 || group.code === 9
      ? await host.run("useradd", ["--system", "--gid", RUN_AS, "--no-create-home", "--shell", "/usr/sbin/nologin", RUN_AS])
      : group;
  const created = await lookUp(host);
  if (!created) {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL cannot run as root, and creating a '${RUN_AS}' user to run it failed: ` +
        `${user.output.trim()}. Create that user (useradd --system ${RUN_AS}), run the app as ` +
        `another user, or set DATABASE_URL to use another server.`,
    );
  }
  return created;
}

/** initdb dies with an unhelpful message when a parent folder is closed to the postgres user. */
export function assertTraversable(dir: string, ids: Ids): void {
  if (ids.uid === undefined) return;
  let current = path.resolve(dir);
  for (;;) {
    const stat = fs.statSync(current);
    const others = (stat.mode & 0o001) !== 0;
    const owner = stat.uid === ids.uid && (stat.mode & 0o100) !== 0;
    const group = stat.gid === ids.gid && (stat.mode & 0o010) !== 0;
    if (!others && !owner && !group) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL runs as the '${RUN_AS}' user, which cannot enter ${current} ` +
          `(mode ${(stat.mode & 0o777).toString(8)}). Use a DATA_DIR whose parent folders are ` +
          `traversable (chmod o+x ${current}), or set DATABASE_URL to use another server.`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}
