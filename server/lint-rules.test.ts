import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./lib/paths";

/** The errors eslint.config.js gives a line of code placed in a given file, by rule. */
async function lintErrors(filePath: string, code: string, rule: (ruleId: string) => boolean): Promise<string[]> {
  const eslint = new ESLint({ cwd: projectRoot() });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2 && m.ruleId !== null && rule(m.ruleId)).map((m) => m.message);
}

/** A file's code that imports `name` from `from` and uses it. */
const importing = (name: string, from: string) => `import { ${name} } from "${from}";\n${name};\n`;

/** The rooms' allowlists (eslint-boundaries.js), run on code placed in a given room. */
const crossings = (filePath: string, code: string) => lintErrors(filePath, code, (id) => id === "boundaries/dependencies");

describe("lint boundaries (allowlists: what is not allowed fails)", () => {
  it("when a feature's queries (api.ts) or the app's shell import a write, then lint fails; the feature's mutations.ts may", async () => {
    const restricted = (file: string, code: string) => lintErrors(file, code, (id) => id === "no-restricted-imports");
    expect(await restricted("client/src/features/clips/api.ts", importing("useMutation", "@tanstack/react-query"))).toHaveLength(1);
    expect(await restricted("client/src/features/clips/api.ts", importing("useSingleMutation", "@/lib/single-mutation"))).toHaveLength(1);
    expect(await restricted("client/src/app/initial-data.ts", importing("useClipMutations", "@/features/clips/mutations"))).toHaveLength(1);
    expect(await restricted("client/src/features/clips/mutations.ts", importing("useMutation", "@tanstack/react-query"))).toHaveLength(0);
  });

  it("when lib, db or objects import a service, then lint fails", async () => {
    for (const file of ["server/lib/x.ts", "server/db/x.ts", "server/objects/x.ts"]) {
      expect(await crossings(file, importing("uniqueSlug", "../services/slugs")), file).toHaveLength(1);
    }
    expect(await crossings("server/lib/x.ts", importing("AppError", "./errors"))).toHaveLength(0);
  });

  it("when a route reaches storage by import, import(), require() or a folder path, then lint fails; a service passes", async () => {
    expect(await crossings("server/routes/x.ts", importing("findAdmin", "../storage/users"))).toHaveLength(1);
    expect(await crossings("server/routes/x.ts", 'export async function f() {\n  return import("../storage/users");\n}\n')).toHaveLength(1);
    expect(
      await crossings(
        "server/routes/x.ts",
        'declare const require: (p: string) => unknown;\nexport const users = require("../storage/users");\n',
      ),
    ).toHaveLength(1);
    expect(await crossings("server/routes/x.ts", 'import * as storage from "../storage";\nstorage;\n')).toHaveLength(1);
    expect(await crossings("server/routes/x.ts", importing("uniqueSlug", "../services/slugs"))).toHaveLength(0);
  });

  it("when a route imports the schema or runs a query, then lint fails", async () => {
    expect(await crossings("server/routes/x.ts", importing("clips", "../../shared/schema"))).toHaveLength(1);
    expect(await crossings("server/routes/x.ts", importing("sql", "drizzle-orm"))).toHaveLength(1);
  });

  it("when a service names a table or the pool by value, then lint fails; a type import of the handle and storage pass", async () => {
    expect(await crossings("server/services/x.ts", importing("clips", "../../shared/schema"))).toHaveLength(1);
    expect(await crossings("server/services/x.ts", 'import pg from "pg";\npg;\n')).toHaveLength(1);
    expect(await crossings("server/services/x.ts", importing("connectDatabase", "../db/client"))).toHaveLength(1);
    expect(await crossings("server/services/x.ts", 'import type { Db } from "../db/client";\nexport type X = Db;\n')).toHaveLength(0);
    expect(await crossings("server/services/x.ts", importing("findAdmin", "../storage/users"))).toHaveLength(0);
  });

  it("when the feed reaches the people room's service, or the people room a route or storage, then lint fails; the people's queries pass", async () => {
    expect(await crossings("server/feed/x.ts", importing("createPeopleService", "../people/service"))).toHaveLength(1);
    expect(await crossings("server/feed/x.ts", importing("upsertPeople", "../people/storage"))).toHaveLength(0);
    expect(await crossings("server/people/x.ts", importing("peopleRouter", "../routes/people"))).toHaveLength(1);
    expect(await crossings("server/people/x.ts", importing("findClip", "../storage/clips"))).toHaveLength(1);
    expect(await crossings("server/people/x.ts", importing("people", "../../shared/schema"))).toHaveLength(1);
    expect(await crossings("server/people/storage.ts", importing("people", "../../shared/schema"))).toHaveLength(0);
  });

  it("when the analytics room reaches routes, services or storage, or names a table outside its storage.ts, then lint fails", async () => {
    expect(await crossings("server/analytics/x.ts", importing("findAdmin", "../storage/users"))).toHaveLength(1);
    expect(await crossings("server/analytics/x.ts", importing("uniqueSlug", "../services/slugs"))).toHaveLength(1);
    expect(await crossings("server/analytics/x.ts", importing("clips", "../../shared/schema"))).toHaveLength(1);
    expect(await crossings("server/analytics/storage.ts", importing("clips", "../../shared/schema"))).toHaveLength(0);
    expect(await crossings("server/analytics/x.ts", importing("AppError", "../lib/errors"))).toHaveLength(0);
  });

  it("when shared/ imports a side or a server package, then lint fails", async () => {
    expect(await crossings("shared/x.ts", importing("AppError", "../server/lib/errors"))).toHaveLength(1);
    expect(await crossings("shared/x.ts", 'import express from "express";\nexpress;\n')).toHaveLength(1);
    expect(await crossings("shared/x.ts", importing("z", "zod"))).toHaveLength(0);
  });

  it("when a client file climbs into another room (lib into a feature, a page into the app, a feature into another), then lint fails", async () => {
    expect(await crossings("client/src/lib/x.ts", importing("clipBySlugQueryOptions", "../features/clips/api"))).toHaveLength(1);
    expect(await crossings("client/src/pages/x.tsx", importing("App", "../app/app"))).toHaveLength(1);
    expect(await crossings("client/src/features/editors/x.ts", importing("clipBySlugQueryOptions", "@/features/clips/api"))).toHaveLength(
      1,
    );
    expect(await crossings("client/src/components/x.ts", importing("clipBySlugQueryOptions", "@/features/clips/api"))).toHaveLength(1);
  });

  it("when a client file uses its own room or a room below it, then lint passes", async () => {
    expect(await crossings("client/src/features/clips/components/x.tsx", importing("clipBySlugQueryOptions", "../api"))).toHaveLength(0);
    expect(await crossings("client/src/features/clips/x.ts", importing("cn", "@/lib/cn"))).toHaveLength(0);
    expect(await crossings("client/src/pages/x.tsx", importing("clipBySlugQueryOptions", "@/features/clips/api"))).toHaveLength(0);
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
