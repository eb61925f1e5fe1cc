import { describe, expect, it } from "vitest";
import { expectCrossings, importing, lintErrors } from "./test/lint";

describe("lint boundaries (allowlists: what is not allowed fails)", () => {
  it("when lib, db or objects import a service, then lint fails", async () => {
    for (const file of ["server/lib/x.ts", "server/db/x.ts", "server/objects/x.ts"]) {
      await expectCrossings(file, { fails: [importing("uniqueSlug", "../services/slugs")] });
    }
    await expectCrossings("server/lib/x.ts", { passes: [importing("AppError", "./errors")] });
  });

  it("when a route reaches storage by import, import(), require() or a folder path, then lint fails; a service passes", async () => {
    await expectCrossings("server/routes/x.ts", {
      fails: [
        importing("findAdmin", "../storage/users"),
        'export async function f() {\n  return import("../storage/users");\n}\n',
        'declare const require: (p: string) => unknown;\nexport const users = require("../storage/users");\n',
        'import * as storage from "../storage";\nstorage;\n',
      ],
      passes: [importing("uniqueSlug", "../services/slugs")],
    });
  });

  it("when a route imports the schema or runs a query, then lint fails", async () => {
    await expectCrossings("server/routes/x.ts", { fails: [importing("clips", "../../shared/schema"), importing("sql", "drizzle-orm")] });
  });

  it("when a service names a table or the pool by value, then lint fails; a type import of the handle and storage pass", async () => {
    await expectCrossings("server/services/x.ts", {
      fails: [importing("clips", "../../shared/schema"), 'import pg from "pg";\npg;\n', importing("connectDatabase", "../db/client")],
      passes: ['import type { Db } from "../db/client";\nexport type X = Db;\n', importing("findAdmin", "../storage/users")],
    });
  });

  it("when the feed reaches the people room's service, or the people room a route or storage, then lint fails; the people's queries pass", async () => {
    await expectCrossings("server/feed/x.ts", {
      fails: [importing("createPeopleService", "../people/service")],
      passes: [importing("upsertPeople", "../people/storage")],
    });
    await expectCrossings("server/people/x.ts", {
      fails: [
        importing("peopleRouter", "../routes/people"),
        importing("findClip", "../storage/clips"),
        importing("people", "../../shared/schema"),
      ],
    });
    await expectCrossings("server/people/storage.ts", { passes: [importing("people", "../../shared/schema")] });
  });

  it("when the analytics room reaches routes, services or storage, or names a table outside its storage.ts, then lint fails", async () => {
    await expectCrossings("server/analytics/x.ts", {
      fails: [
        importing("findAdmin", "../storage/users"),
        importing("uniqueSlug", "../services/slugs"),
        importing("clips", "../../shared/schema"),
      ],
      passes: [importing("AppError", "../lib/errors")],
    });
    await expectCrossings("server/analytics/storage.ts", { passes: [importing("clips", "../../shared/schema")] });
  });

  it("when shared/ imports a side or a server package, then lint fails", async () => {
    await expectCrossings("shared/x.ts", {
      fails: [importing("AppError", "../server/lib/errors"), 'import express from "express";\nexpress;\n'],
      passes: [importing("z", "zod")],
    });
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
