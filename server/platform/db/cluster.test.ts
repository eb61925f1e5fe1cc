import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../runtime/logger";
import { startCluster } from "./cluster";
import type { Host, Ids, RunOptions, RunResult } from "./host";

interface Call {
  program: string;
  args: string[];
  as: Ids;
}

/**
 * A machine as the cluster's start path sees it through the Host adapter: `id`, `groupadd` and
 * `useradd` over a user table, and an `initdb` and `pg_ctl` that refuse to run as root, as the
 * real ones do.
 */
class FakeMachine implements Host {
  users = new Map<string, Required<Ids>>();
  groups = new Map<string, number>();
  calls: Call[] = [];
  chowned: string[] = [];
  useraddFails = false;
  constructor(private root: boolean) {}

  isRoot() {
    return this.root;
  }

  async run(file: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
    const program = path.basename(file);
    const as = options.as ?? {};
    this.calls.push({ program, args, as });
    const asRoot = this.root && as.uid === undefined;
    const name = args[args.length - 1]!;
    switch (program) {
      case "id": {
        const user = this.users.get(name);
        if (!user) return { code: 1, output: `id: '${name}': no such user\n` };
        return { code: 0, output: `${args[0] === "-u" ? user.uid : user.gid}\n` };
      }
      case "groupadd":
        if (this.groups.has(name)) return { code: 9, output: `groupadd: group '${name}' already exists\n` };
        this.groups.set(name, 990);
        return { code: 0, output: "" };
      case "useradd": {
        if (this.useraddFails) return { code: 1, output: "useradd: cannot lock /etc/passwd; try again later.\n" };
        this.users.set(name, { uid: 991, gid: this.groups.get(args[args.indexOf("--gid") + 1]!)! });
        return { code: 0, output: "" };
      }
      case "initdb": {
        if (asRoot) return { code: 1, output: "initdb: error: cannot be run as root\n" };
        const pgdata = args.find((a) => a.startsWith("--pgdata="))!.slice("--pgdata=".length);
        fs.writeFileSync(path.join(pgdata, "PG_VERSION"), "17\n");
        return { code: 0, output: "" };
      }
      case "pg_ctl":
        if (asRoot) return { code: 1, output: "pg_ctl: cannot be run as root\n" };
        return { code: 0, output: "" };
      default:
        return { code: 127, output: `${program}: not found` };
    }
  }

  runSync(file: string, args: string[], options?: RunOptions) {
    void this.run(file, args, options);
  }

  isAlive() {
    return false;
  }

  commandLine() {
    return "";
  }

  chown(file: string) {
    this.chowned.push(file);
  }

  ran(program: string, first?: string) {
    return this.calls.filter((c) => c.program === program && (first === undefined || c.args[0] === first));
  }
}

const logger = createLogger("silent");
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-cluster-"));
  fs.chmodSync(dir, 0o755);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("starting the embedded cluster", () => {
  it("when started as root on a machine without a postgres user, then the user is made first and initdb and pg_ctl run as it", async () => {
    const machine = new FakeMachine(true);

    const cluster = await startCluster({ root: dir, password: "pw", logger }, machine);

    const postgres = { uid: 991, gid: 990 };
    const order = machine.calls.map((c) => c.program);
    expect(order.indexOf("useradd")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("useradd")).toBeLessThan(order.indexOf("initdb"));
    expect(machine.ran("initdb").map((c) => c.as)).toEqual([postgres]);
    expect(machine.ran("pg_ctl", "start").map((c) => c.as)).toEqual([postgres]);
    expect(machine.chowned).toEqual(expect.arrayContaining([path.join(dir, "postgres"), path.join(dir, "postgres-run")]));
    await cluster.stop();
    expect(machine.ran("pg_ctl", "stop").map((c) => c.as)).toEqual([postgres]);
  });

  it("when started as root a second time, then the existing user is used and no user or cluster is made", async () => {
    const machine = new FakeMachine(true);
    await (await startCluster({ root: dir, password: "pw", logger }, machine)).stop();
    machine.calls = [];

    await startCluster({ root: dir, password: "pw", logger }, machine);

    expect(machine.ran("useradd")).toEqual([]);
    expect(machine.ran("initdb")).toEqual([]);
    expect(machine.ran("pg_ctl", "start").map((c) => c.as)).toEqual([{ uid: 991, gid: 990 }]);
  });

  it("when the postgres group is left over from a deleted user, then the user joins it", async () => {
    const machine = new FakeMachine(true);
    machine.groups.set("postgres", 555);

    await startCluster({ root: dir, password: "pw", logger }, machine);

    expect(machine.ran("pg_ctl", "start").map((c) => c.as)).toEqual([{ uid: 991, gid: 555 }]);
  });

  it("when the postgres user cannot be made, then it says what to do instead and runs nothing as root", async () => {
    const machine = new FakeMachine(true);
    machine.useraddFails = true;

    await expect(startCluster({ root: dir, password: "pw", logger }, machine)).rejects.toThrow(
      /creating a 'postgres' user to run it failed: useradd: cannot lock.*DATABASE_URL/s,
    );
    expect(machine.ran("initdb")).toEqual([]);
    expect(machine.ran("pg_ctl")).toEqual([]);
  });

  it("when a parent folder is closed to the postgres user, then it names the folder and the fix", async () => {
    const machine = new FakeMachine(true);
    machine.users.set("postgres", { uid: 991, gid: 990 });
    const closed = path.join(dir, "closed");
    fs.mkdirSync(path.join(closed, "data"), { recursive: true });
    fs.chmodSync(closed, 0o700);

    await expect(startCluster({ root: path.join(closed, "data"), password: "pw", logger }, machine)).rejects.toThrow(
      `cannot enter ${closed} (mode 700)`,
    );
    expect(machine.ran("initdb")).toEqual([]);
  });

  it("when not root, then no user is looked up and initdb and pg_ctl run as the app's user", async () => {
    const machine = new FakeMachine(false);

    await startCluster({ root: dir, password: "pw", logger }, machine);

    expect(machine.ran("id")).toEqual([]);
    expect(machine.ran("initdb").map((c) => c.as)).toEqual([{}]);
    expect(machine.ran("pg_ctl", "start").map((c) => c.as)).toEqual([{}]);
    expect(machine.chowned).toEqual([]);
  });

  it("when initdb runs, then the password reaches it in a file that is gone afterwards", async () => {
    const machine = new FakeMachine(false);
    let seen = "";
    const run = machine.run.bind(machine);
    machine.run = async (file, args, options) => {
      const pwfile = args.find((a) => a.startsWith("--pwfile="))?.slice("--pwfile=".length);
      if (pwfile) seen = `${fs.readFileSync(pwfile, "utf8")}${(fs.statSync(pwfile).mode & 0o777).toString(8)}`;
      return run(file, args, options);
    };

    await startCluster({ root: dir, password: "s3cret", logger }, machine);

    expect(seen).toBe("s3cret\n600");
    expect(fs.readdirSync(dir).filter((f) => f.includes("password"))).toEqual([]);
  });
});
