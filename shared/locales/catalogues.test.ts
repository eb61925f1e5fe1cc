import fs from "node:fs";
import path from "node:path";
import { parse, type PluralCategory, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../languages";
import type { Catalogue } from "./compile";

// The catalogues' own rules (README "Languages"): every language has every message of English and
// no other, each message reads as ICU MessageFormat with the plural forms of its language, says
// the same placeholders and tags as English, and every English message is used by the code.

const root = path.resolve(import.meta.dirname, "..", "..");
const localesDir = path.join(root, "shared", "locales");
const read = (tag: string, file: string) => JSON.parse(fs.readFileSync(path.join(localesDir, tag, file), "utf8")) as Catalogue;
const files = fs.readdirSync(path.join(localesDir, "en")).filter((f) => f.endsWith(".json"));

/** The placeholders a message says, `{name}` and plural or select arguments alike, and its tags (`<0>`). */
function argumentsOf(tokens: Token[], into = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === "argument" || token.type === "function") into.add(token.arg);
    if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
      into.add(token.arg);
      for (const c of token.cases) argumentsOf(c.tokens, into);
    }
    if (token.type === "content") for (const tag of token.value.matchAll(/<(\/?\d+\/?)>/g)) into.add(`<${tag[1]}>`);
  }
  return into;
}

/** A language's plural forms (CLDR, through Intl): Arabic has six, English two. */
const cardinal = (tag: string) => new Intl.PluralRules(tag).resolvedOptions().pluralCategories as PluralCategory[];

describe("the message catalogues", () => {
  it("when the catalogues are read, then every language has the same files as English", () => {
    for (const { tag } of LANGUAGES) {
      expect(
        fs
          .readdirSync(path.join(localesDir, tag))
          .filter((f) => f.endsWith(".json"))
          .sort(),
        tag,
      ).toEqual([...files].sort());
    }
  });

  for (const file of files) {
    const english = read("en", file);
    const englishArgs = new Map(Object.entries(english).map(([key, message]) => [key, argumentsOf(parse(message))]));
    for (const { tag } of LANGUAGES) {
      it(`when ${tag}/${file} is read, then it has every key of English and no other, each message parses with ${tag}'s plural forms and says English's placeholders`, () => {
        const catalogue = read(tag, file);
        expect(
          Object.keys(catalogue).filter((k) => !(k in english)),
          `keys ${tag} has that English has not`,
        ).toEqual([]);
        expect(
          Object.keys(english).filter((k) => !(k in catalogue)),
          `keys missing from ${tag}`,
        ).toEqual([]);
        const problems: string[] = [];
        for (const [key, message] of Object.entries(catalogue)) {
          if (message.trim() === "") problems.push(`${key}: empty`);
          let tokens: Token[];
          try {
            tokens = parse(message, { cardinal: cardinal(tag) });
          } catch (err) {
            problems.push(`${key}: ${(err as Error).message}`);
            continue;
          }
          const args = [...argumentsOf(tokens)].sort();
          const expected = [...englishArgs.get(key)!].sort();
          if (args.join() !== expected.join()) problems.push(`${key}: says {${args.join(", ")}}, English {${expected.join(", ")}}`);
        }
        expect(problems).toEqual([]);
      });
    }
  }

  it("when the code is read, then every English message is used by it", () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "node_modules" && entry.name !== "locales") walk(full);
        } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          sources.push(fs.readFileSync(full, "utf8"));
        }
      }
    };
    for (const dir of ["client/src", "server", "shared"]) walk(path.join(root, dir));
    const code = sources.join("\n");
    const unused = files.flatMap((file) => Object.keys(read("en", file)).filter((key) => !code.includes(`"${key}"`)));
    expect(unused, "keys no code says (a key is used as a quoted string)").toEqual([]);
  });
});
