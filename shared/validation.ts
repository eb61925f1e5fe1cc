import type { z } from "zod";

/**
 * Every validation message in the product's words, as the end of a sentence that starts with the
 * field's name ("URL Slug must be at most 120 characters"). Rules that carry their own message
 * keep it; this covers the rest, so neither a form nor the API ever shows the validator's own
 * text ("Too big: expected string to have <=120 characters"). Pass it to `safeParse`.
 */
const productError = (issue: z.core.$ZodRawIssue): string => {
  const unit = issue.origin === "string" ? " characters" : issue.origin === "array" ? " items" : "";
  switch (issue.code) {
    case "too_big":
      return `must be at most ${String(issue.maximum)}${unit}`;
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) <= 1 ? "is required" : `must be at least ${String(issue.minimum)}${unit}`;
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      return issue.expected === "boolean" ? "must be on or off" : issue.expected === "number" ? "must be a number" : "must be text";
    case "invalid_value":
      return "is not one of the allowed values";
    case "unrecognized_keys":
      return `unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`;
    default:
      return "is not valid";
  }
};

/** For a form: the same parse with the product's messages. */
export const parseOptions = { error: productError } as const;
