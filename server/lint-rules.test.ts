import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./lib/paths";

/** The errors eslint.config.js gives a line of code placed in a given file, by rule. */
async function lintErrors(filePath: string, code: string, rule: (ruleId: string) => boolean): Promise<string[]> {
  const eslint = new ESLint({ cwd: projectRoot() });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2 && m.ruleId !== null && rule(m.ruleId)).map((m) => m.message);
}

/** The boundary rules, run on a line of code placed in a given room. */
const crossings = (filePath: string, code: string) => lintErrors(filePath, code, (id) => id === "@typescript-eslint/no-restricted-imports");

describe("lint boundaries", () => {
  it("when a route imports storage or runs a query, then lint fails", async () => {
    expect(await crossings("server/routes/x.ts", 'import { findAdmin } from "../storage/users";\nfindAdmin;\n')).toHaveLength(1);
    expect(await crossings("server/routes/x.ts", 'import { sql } from "drizzle-orm";\nsql;\n')).toHaveLength(1);
  });

  it("when a service names a table or the pool, then lint fails; a type import of the handle passes", async () => {
    expect(await crossings("server/services/x.ts", 'import { clips } from "../../shared/schema";\nclips;\n')).toHaveLength(1);
    expect(await crossings("server/services/x.ts", 'import pg from "pg";\npg;\n')).toHaveLength(1);
    expect(await crossings("server/services/x.ts", 'import type { Db } from "../db/client";\nexport type X = Db;\n')).toHaveLength(0);
    expect(await crossings("server/services/x.ts", 'import { findAdmin } from "../storage/users";\nfindAdmin;\n')).toHaveLength(0);
  });

  it("when shared/ imports from a side, then lint fails", async () => {
    expect(await crossings("shared/x.ts", 'import { AppError } from "../server/lib/errors";\nAppError;\n')).toHaveLength(1);
  });

  it("when a client feature imports another feature, then lint fails; its own files and lib pass", async () => {
    expect(await crossings("client/src/features/editors/x.ts", 'import { clipsQueryOptions } from "@/features/clips/api";\nclipsQueryOptions;\n')).toHaveLength(1);
    expect(await crossings("client/src/features/clips/x.ts", 'import { clipsQueryOptions } from "@/features/clips/api";\nclipsQueryOptions;\n')).toHaveLength(0);
    expect(await crossings("client/src/features/clips/x.ts", 'import { cn } from "@/lib/cn";\ncn;\n')).toHaveLength(0);
    expect(await crossings("client/src/components/x.ts", 'import { clipsQueryOptions } from "@/features/clips/api";\nclipsQueryOptions;\n')).toHaveLength(1);
  });

  it("when a client file reaches another room by a relative path, then lint fails; its own folder passes", async () => {
    expect(await crossings("client/src/features/editors/components/x.tsx", 'import { clipsQueryOptions } from "../../clips/api";\nclipsQueryOptions;\n')).toHaveLength(1);
    expect(await crossings("client/src/features/editors/api.ts", 'import { clipsQueryOptions } from "../clips/api";\nclipsQueryOptions;\n')).toHaveLength(1);
    expect(await crossings("client/src/features/editors/components/x.tsx", 'import { unlock } from "../api";\nunlock;\n')).toHaveLength(0);
  });
});

describe("lint on regular expressions", () => {
  const redos = (filePath: string, code: string) => lintErrors(filePath, code, (id) => id.startsWith("regexp/no-super-linear"));

  it("when a pattern's cost can grow faster than its input (a trailing-slash trim, nested repeats), then lint fails, on either side", async () => {
    expect(await redos("server/routes/x.ts", 'export const trim = (p: string) => p.replace(/\\/+$/, "");\n')).toHaveLength(1);
    expect(await redos("client/src/lib/x.ts", "export const nested = /(a+)+b/;\n")).not.toHaveLength(0);
    expect(await redos("shared/x.ts", "export const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;\n")).toHaveLength(0);
  });
});
