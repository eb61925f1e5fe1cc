import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { clipSchema, episodeBulkSchema, episodeSchema, loginSchema, providerSchema } from "./api";
import { handInFieldsSchema } from "./auditions";
import { aboutSchema } from "./identity-schemas";
import { compileCatalogue, type Catalogue } from "./locales/compile";
import englishRules from "./locales/en/validation.json";
import germanRules from "./locales/de/validation.json";
import { settingValueSchema } from "./settings-schemas";
import { issueMessage, issueWords, parseOptions, type ValidationKey } from "./validation";

/** The validator's own phrasing, which no person using the site should read. */
const VALIDATOR_WORDS = /too big|too small|invalid input|expected|received|<=|>=/i;

/** The rules' words in one language, as the server and the browser compile them. */
function sayer(locale: string, catalogue: Catalogue) {
  const i18n = setupI18n({ locale, messages: { [locale]: compileCatalogue(catalogue) } });
  return (key: ValidationKey, values?: Record<string, unknown>) => i18n._(key, values);
}
const english = sayer("en", englishRules);
const german = sayer("de", germanRules);

function messages(result: z.ZodSafeParseResult<unknown>, t = english): string[] {
  return result.success ? [] : result.error.issues.map((issue) => issueWords(issue, t));
}

const validClip = { title: "T", youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ" };

describe("validation messages", () => {
  it("when a clip's slug is over the limit, then the message is the product's, not the validator's", () => {
    const result = clipSchema.safeParse({ ...validClip, slug: "a".repeat(121) }, parseOptions);
    expect(messages(result)).toEqual(["must be at most 120 characters"]);
  });

  it("when every kind of bad input reaches the form schemas, then no message uses the validator's words, and each is a rule's key", () => {
    const bad: [z.ZodType, unknown][] = [
      [
        clipSchema,
        {
          title: "x".repeat(201),
          youtubeEmbedUrl: 42,
          description: 7,
          isPublished: "yes",
          sortOrder: "soon",
          keyQuote: "q".repeat(201),
          extra: 1,
        },
      ],
      [clipSchema, {}],
      [episodeSchema, { title: "", spotifyEmbedUrl: "x".repeat(2_001), description: "d".repeat(5_001) }],
      [providerSchema, { name: null, url: "ftp://x", icon: ["a"] }],
      [aboutSchema, { title: 1, intro: "", hosts: Array.from({ length: 5 }, () => ({ name: "", role: "", bio: "", photo: "x" })) }],
      [handInFieldsSchema, { name: "", email: "not an address", notes: "n".repeat(2_001) }],
      [episodeBulkSchema, { ids: [], action: "burn" }],
    ];
    for (const [schema, input] of bad) {
      const result = schema.safeParse(input, parseOptions);
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) {
        expect(issue.message, JSON.stringify(issue)).toMatch(/^validation\.[A-Za-z]+$/);
        expect(issueWords(issue, english)).not.toMatch(VALIDATOR_WORDS);
      }
    }
  });
});

describe("issueWords: a rule's problem in words", () => {
  it("when a limit is passed, then the words carry the limit, and say characters, items or the number as the value is text, a list or a number", () => {
    expect(messages(z.string().max(5).safeParse("toolong", parseOptions))).toEqual(["must be at most 5 characters"]);
    expect(messages(z.array(z.number()).max(1).safeParse([1, 2], parseOptions))).toEqual(["must be at most 1 items"]);
    expect(messages(z.number().max(9).safeParse(10, parseOptions))).toEqual(["must be at most 9"]);
    expect(messages(z.string().min(3).safeParse("ab", parseOptions))).toEqual(["must be at least 3 characters"]);
    expect(messages(z.number().min(2).safeParse(1, parseOptions))).toEqual(["must be at least 2"]);
  });

  it("when a value is missing, blank or of another type, then it is required, or says what it must be", () => {
    const form = z.strictObject({ title: z.string(), on: z.boolean(), count: z.number(), text: z.string().min(1) });
    expect(messages(form.safeParse({ on: "yes", count: "x", text: "" }, parseOptions))).toEqual([
      "is required",
      "must be on or off",
      "must be a number",
      "is required",
    ]);
    expect(messages(z.string().safeParse(4, parseOptions))).toEqual(["must be text"]);
    expect(messages(z.enum(["a", "b"]).safeParse("c", parseOptions))).toEqual(["is not one of the allowed values"]);
  });

  it("when a request has unknown fields, then they are named, one or several", () => {
    const strict = z.strictObject({ a: z.string().optional() });
    expect(messages(strict.safeParse({ x: 1 }, parseOptions))).toEqual(["unknown field: x"]);
    expect(messages(strict.safeParse({ x: 1, y: 2 }, parseOptions))).toEqual(["unknown fields: x, y"]);
  });

  it("when a rule names its own message, then it is said with the values of its check or its params", () => {
    expect(messages(handInFieldsSchema.safeParse({ name: "A", email: "a@b.example", notes: "n".repeat(2_001) }, parseOptions))).toEqual([
      "must be at most 2,000 characters",
    ]);
    expect(
      messages(episodeBulkSchema.safeParse({ ids: Array.from({ length: 20_001 }, (_, i) => i + 1), action: "publish" }, parseOptions)),
    ).toEqual(["may name at most 20,000 episodes"]);
    expect(messages(settingValueSchema("site_language").safeParse("xx", parseOptions))).toEqual([
      "must be a language the site speaks: en, es, fr, de, pt-BR, it, ca, el, ar",
    ]);
    expect(messages(settingValueSchema("editors_password").safeParse("pod edit1", parseOptions))).toEqual([
      "may not contain spaces",
      "may not end with a digit: each candidate's number follows it",
    ]);
    expect(messages(loginSchema.safeParse({ email: "", password: "x" }, parseOptions))).toEqual(["is required"]);
  });

  it("when a message is not a rule's key (a schema's own text), then the product's words for its kind are said instead", () => {
    const result = z.string().max(3, "Too long!").safeParse("abcd", parseOptions);
    expect(issueMessage(result.error!.issues[0]!)).toEqual({ key: "validation.tooLong", values: { maximum: 3 } });
  });

  it("when the translate function is German's, then the same problems are said in German", () => {
    expect(messages(clipSchema.safeParse({ ...validClip, slug: "a".repeat(121) }, parseOptions), german)).toEqual([
      "darf höchstens 120 Zeichen lang sein",
    ]);
    expect(messages(z.strictObject({}).safeParse({ x: 1, y: 2 }, parseOptions), german)).toEqual(["unbekannte Felder: x, y"]);
    expect(messages(loginSchema.safeParse({ email: "", password: "x" }, parseOptions), german)).toEqual(["ist erforderlich"]);
  });
});
