import { describe, expect, it } from "vitest";
import { everyWayOf, expectCrossings, importing, lintErrors } from "./test/lint";

describe("lint boundaries (one rule for every module: what is not allowed fails)", () => {
  it("when a module reaches another module's file past its door, by import, import(), require() or export, then lint fails; the door passes", async () => {
    await expectCrossings("server/modules/clips/x.ts", {
      fails: everyWayOf("uniqueSlug", "../episodes/slugs"),
      passes: [
        importing("uniqueSlug", "../episodes"),
        importing("store", "./storage"),
        importing("AppError", "../../platform/http/errors"),
      ],
    });
  });

  it("when a module that does not exist yet (messages) reaches another, then the same rule holds without a line of configuration", async () => {
    await expectCrossings("server/modules/messages/service.ts", {
      fails: [importing("createAuditionsService", "../auditions/service")],
      passes: [importing("createAuditionsService", "../auditions")],
    });
  });

  it("when the platform imports a module, even by its door, then lint fails; the platform's own files pass", async () => {
    for (const file of ["server/platform/http/x.ts", "server/platform/db/x.ts", "server/platform/objects/x.ts"]) {
      await expectCrossings(file, {
        fails: [importing("uniqueSlug", "../../modules/episodes"), importing("uniqueSlug", "../../modules/episodes/slugs")],
      });
    }
    await expectCrossings("server/platform/http/x.ts", {
      passes: [importing("AppError", "./errors"), importing("safeFetch", "../net/safe-fetch")],
    });
  });

  it("when a door exports another module's file, or the root wires a module past its door, then lint fails", async () => {
    await expectCrossings("server/modules/clips/index.ts", {
      fails: ['export { uniqueSlug } from "../episodes";\n'],
      passes: ['export { clipsRouter } from "./routes";\n'],
    });
    await expectCrossings("server/x.ts", {
      fails: [importing("episodesRouter", "./modules/episodes/routes")],
      passes: [importing("episodesRouter", "./modules/episodes")],
    });
  });

  it("when a module's file other than storage.ts names a table, the pool or a query builder by value, then lint fails; type imports and storage.ts pass", async () => {
    await expectCrossings("server/modules/clips/service.ts", {
      fails: [importing("clips", "../../../shared/schema"), 'import pg from "pg";\npg;\n', importing("sql", "drizzle-orm")],
      passes: [
        'import type { Db } from "../../platform/db/client";\nexport type X = Db;\n',
        'import type { clips } from "../../../shared/schema";\nexport type X = typeof clips;\n',
      ],
    });
    await expectCrossings("server/modules/clips/storage.ts", {
      passes: [importing("clips", "../../../shared/schema"), importing("sql", "drizzle-orm")],
    });
    await expectCrossings("server/platform/http/x.ts", { fails: [importing("sql", "drizzle-orm")] });
    await expectCrossings("server/platform/limits/storage.ts", { passes: [importing("sql", "drizzle-orm")] });
  });

  it("when shared/ imports a side or a server package, then lint fails", async () => {
    await expectCrossings("shared/x.ts", {
      fails: [importing("AppError", "../server/platform/http/errors"), 'import express from "express";\nexpress;\n'],
      passes: [importing("z", "zod")],
    });
  });
});

describe("lint on long functions", () => {
  const long = (filePath: string, code: string) =>
    lintErrors(filePath, code, (id) => id === "max-lines-per-function" || id === "complexity");
  const lines = (n: number) =>
    `export function f(a: number) {\n${Array.from({ length: n }, (_, i) => `  a += ${i};`).join("\n")}\n  return a;\n}\n`;
  const paths = (n: number) =>
    `export function f(a: number) {\n${Array.from({ length: n }, (_, i) => `  if (a === ${i}) return ${i};`).join("\n")}\n  return a;\n}\n`;

  it("when a function has more than 120 lines or more than 20 paths, then lint fails, on either side; up to those it passes", async () => {
    expect(await long("server/modules/episodes/x.ts", lines(120))).toHaveLength(1);
    expect(await long("client/src/features/clips/x.ts", paths(20))).toHaveLength(1);
    expect(await long("server/modules/episodes/x.ts", lines(117))).toHaveLength(0);
    expect(await long("shared/x.ts", paths(19))).toHaveLength(0);
  });

  it("when a test has a long story, then lint lets it be", async () => {
    expect(await long("server/modules/episodes/x.test.ts", lines(200))).toHaveLength(0);
  });
});

describe("lint on regular expressions", () => {
  const redos = (filePath: string, code: string) => lintErrors(filePath, code, (id) => id.startsWith("regexp/no-super-linear"));

  it("when a pattern's cost can grow faster than its input (a trailing-slash trim, nested repeats), then lint fails, on either side", async () => {
    expect(await redos("server/modules/episodes/x.ts", 'export const trim = (p: string) => p.replace(/\\/+$/, "");\n')).toHaveLength(1);
    expect(await redos("client/src/lib/x.ts", "export const nested = /(a+)+b/;\n")).not.toHaveLength(0);
    expect(await redos("shared/x.ts", "export const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;\n")).toHaveLength(0);
  });
});
