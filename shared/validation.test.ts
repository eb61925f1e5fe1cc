import { describe, expect, it } from "vitest";
import { clipSchema, episodeSchema, providerSchema } from "./api";
import { parseOptions } from "./validation";

/** The validator's own phrasing, which no person using the site should read. */
const VALIDATOR_WORDS = /too big|too small|invalid input|expected|received|<=|>=/i;

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe("validation messages", () => {
  it("when a clip's slug is over the limit, then the message is the product's, not the validator's", () => {
    const result = clipSchema.safeParse(
      { title: "T", youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ", slug: "a".repeat(121) },
      parseOptions,
    );
    expect(messages(result)).toEqual(["must be at most 120 characters"]);
  });

  it("when every kind of bad input reaches the form schemas, then no message uses the validator's words", () => {
    const bad: [typeof clipSchema | typeof episodeSchema | typeof providerSchema, unknown][] = [
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
    ];
    for (const [schema, input] of bad) {
      const found = messages(schema.safeParse(input, parseOptions));
      expect(found.length).toBeGreaterThan(0);
      for (const message of found) expect(message).not.toMatch(VALIDATOR_WORDS);
    }
  });
});
