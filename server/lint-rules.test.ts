import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./lib/paths";

/** The errors eslint.config.js gives a line of code placed in a given file, by rule. */
async function lintErrors(filePath: string, code: string, rule: (ruleId: string) => boolean): Promise<string[]> {
  const eslint = new ESLint({ cwd: projectRoot() });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2 && m.ruleId !== null && rule(m.ruleId)).map((m) => m.message);
}

/** The rooms' allowlists (eslint-boundaries.js), run on code placed in a given room. */
const crossings = (filePath: string, code: string) => lintErrors(filePath, code, (id) => id === "boundaries/dependencies");

describe("lint boundaries (allowlists: what is not allowed fails)", () => {
  it("when a feature's queries (api.ts) or the app's shell import a write, then lint fails; the feature's mutations.ts may", async () => {
    const restricted = (file: string, code: string) => lintErrors(file, code, (id) => id === "no-restricted-imports");
    expect(
      await restricted("client/src/features/clips/api.ts", 'import { useMutation } from "@tanstack/react-query";\nuseMutation;\n'),
    ).toHaveLength(1);
    expect(
      await restricted(
        "client/src/features/clips/api.ts",
        'import { useSingleMutation } from "@/lib/single-mutation";\nuseSingleMutation;\n',
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        "client/src/app/initial-data.ts",
        'import { useClipMutations } from "@/features/clips/mutations";\nuseClipMutations;\n',
      ),
    ).toHaveLength(1);
    expect(
      await restricted("client/src/features/clips/mutations.ts", 'import { useMutation } from "@tanstack/react-query";\nuseMutation;\n'),
    ).toHaveLength(0);
  });

  it("when lib, db or objects import a service, then lint fails", async () => {
    for (const file of ["server/lib/x.ts", "server/db/x.ts", "server/objects/x.ts"]) {
      expect(await crossings(file, 'import { uniqueSlug } from "../services/slugs";\nuniqueSlug;\n'), file).toHaveLength(1);
    }
    expect(await crossings("server/lib/x.ts", 'import { AppError } from "./errors";\nAppError;\n')).toHaveLength(0);
  });

  it("when a route reaches storage by import, import(), require() or a folder path, then lint fails; a service passes", async () => {
    expect(await crossings("server/routes/x.ts", 'import { findAdmin } from "../storage/users";\nfindAdmin;\n')).toHaveLength(1);
    expect(await crossings("server/routes/x.ts", 'export async function f() {\n  return import("../storage/users");\n}\n')).toHaveLength(1);
    expect(
      await crossings(
        "server/routes/x.ts",
        'declare const require: (p: string) => unknown;\nexport const users = require("../storage/users");\n',
      ),
    ).toHaveLength(1);
    expect(await crossings("server/routes/x.ts", 'import * as storage from "../storage";\nstorage;\n')).toHaveLength(1);
    expect(await crossings("server/routes/x.ts", 'import { uniqueSlug } from "../services/slugs";\nuniqueSlug;\n')).toHaveLength(0);
  });

  it("when a route imports the schema or runs a query, then lint fails", async () => {
    expect(await crossings("server/routes/x.ts", 'import { clips } from "../../shared/schema";\nclips;\n')).toHaveLength(1);
    expect(await crossings("server/routes/x.ts", 'import { sql } from "drizzle-orm";\nsql;\n')).toHaveLength(1);
  });

  it("when a service names a table or the pool by value, then lint fails; a type import of the handle and storage pass", async () => {
    expect(await crossings("server/services/x.ts", 'import { clips } from "../../shared/schema";\nclips;\n')).toHaveLength(1);
    expect(await crossings("server/services/x.ts", 'import pg from "pg";\npg;\n')).toHaveLength(1);
    expect(await crossings("server/services/x.ts", 'import { connectDatabase } from "../db/client";\nconnectDatabase;\n')).toHaveLength(1);
    expect(await crossings("server/services/x.ts", 'import type { Db } from "../db/client";\nexport type X = Db;\n')).toHaveLength(0);
    expect(await crossings("server/services/x.ts", 'import { findAdmin } from "../storage/users";\nfindAdmin;\n')).toHaveLength(0);
  });

  it("when the feed reaches the people room's service, or the people room a route or storage, then lint fails; the people's queries pass", async () => {
    expect(
      await crossings("server/feed/x.ts", 'import { createPeopleService } from "../people/service";\ncreatePeopleService;\n'),
    ).toHaveLength(1);
    expect(await crossings("server/feed/x.ts", 'import { upsertPeople } from "../people/storage";\nupsertPeople;\n')).toHaveLength(0);
    expect(await crossings("server/people/x.ts", 'import { peopleRouter } from "../routes/people";\npeopleRouter;\n')).toHaveLength(1);
    expect(await crossings("server/people/x.ts", 'import { findClip } from "../storage/clips";\nfindClip;\n')).toHaveLength(1);
    expect(await crossings("server/people/x.ts", 'import { people } from "../../shared/schema";\npeople;\n')).toHaveLength(1);
    expect(await crossings("server/people/storage.ts", 'import { people } from "../../shared/schema";\npeople;\n')).toHaveLength(0);
  });

  it("when the analytics room reaches routes, services or storage, or names a table outside its storage.ts, then lint fails", async () => {
    expect(await crossings("server/analytics/x.ts", 'import { findAdmin } from "../storage/users";\nfindAdmin;\n')).toHaveLength(1);
    expect(await crossings("server/analytics/x.ts", 'import { uniqueSlug } from "../services/slugs";\nuniqueSlug;\n')).toHaveLength(1);
    expect(await crossings("server/analytics/x.ts", 'import { clips } from "../../shared/schema";\nclips;\n')).toHaveLength(1);
    expect(await crossings("server/analytics/storage.ts", 'import { clips } from "../../shared/schema";\nclips;\n')).toHaveLength(0);
    expect(await crossings("server/analytics/x.ts", 'import { AppError } from "../lib/errors";\nAppError;\n')).toHaveLength(0);
  });

  it("when shared/ imports a side or a server package, then lint fails", async () => {
    expect(await crossings("shared/x.ts", 'import { AppError } from "../server/lib/errors";\nAppError;\n')).toHaveLength(1);
    expect(await crossings("shared/x.ts", 'import express from "express";\nexpress;\n')).toHaveLength(1);
    expect(await crossings("shared/x.ts", 'import { z } from "zod";\nz;\n')).toHaveLength(0);
  });

  it("when a client file climbs into another room (lib into a feature, a page into the app, a feature into another), then lint fails", async () => {
    expect(
      await crossings("client/src/lib/x.ts", 'import { clipBySlugQueryOptions } from "../features/clips/api";\nclipBySlugQueryOptions;\n'),
    ).toHaveLength(1);
    expect(await crossings("client/src/pages/x.tsx", 'import { App } from "../app/app";\nApp;\n')).toHaveLength(1);
    expect(
      await crossings(
        "client/src/features/editors/x.ts",
        'import { clipBySlugQueryOptions } from "@/features/clips/api";\nclipBySlugQueryOptions;\n',
      ),
    ).toHaveLength(1);
    expect(
      await crossings(
        "client/src/components/x.ts",
        'import { clipBySlugQueryOptions } from "@/features/clips/api";\nclipBySlugQueryOptions;\n',
      ),
    ).toHaveLength(1);
  });

  it("when a client file uses its own room or a room below it, then lint passes", async () => {
    expect(
      await crossings(
        "client/src/features/clips/components/x.tsx",
        'import { clipBySlugQueryOptions } from "../api";\nclipBySlugQueryOptions;\n',
      ),
    ).toHaveLength(0);
    expect(await crossings("client/src/features/clips/x.ts", 'import { cn } from "@/lib/cn";\ncn;\n')).toHaveLength(0);
    expect(
      await crossings(
        "client/src/pages/x.tsx",
        'import { clipBySlugQueryOptions } from "@/features/clips/api";\nclipBySlugQueryOptions;\n',
      ),
    ).toHaveLength(0);
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
