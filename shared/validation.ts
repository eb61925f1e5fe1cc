import type { z } from "zod";
import type validation from "./locales/en/validation.json";

/** A form rule's message: a key of the `validation` catalogue part (`shared/locales/<tag>/validation.json`). */
export type ValidationKey = keyof typeof validation;

/** A rule's message and its placeholders' values, to be said in the reader's language. */
interface IssueMessage {
  key: ValidationKey;
  values: Record<string, unknown>;
}

/**
 * Every validation message in the product's words, as the end of a sentence that starts with the
 * field's name ("URL Slug must be at most 120 characters"). The shared schemas name their rules'
 * messages by key; this names the rest, so neither a form nor the API ever shows the validator's
 * own text ("Too big: expected string to have <=120 characters").
 */
function productKey(issue: z.core.$ZodRawIssue | z.core.$ZodIssue): ValidationKey {
  const origin = "origin" in issue ? issue.origin : undefined;
  switch (issue.code) {
    case "too_big":
      return origin === "string" ? "validation.tooLong" : origin === "array" ? "validation.tooManyItems" : "validation.tooBig";
    case "too_small":
      if (origin === "string") return Number(issue.minimum) <= 1 ? "validation.required" : "validation.tooShort";
      return origin === "array" ? "validation.tooFewItems" : "validation.tooSmall";
    case "invalid_type":
      if ("input" in issue && issue.input === undefined) return "validation.required";
      return issue.expected === "boolean"
        ? "validation.onOrOff"
        : issue.expected === "number"
          ? "validation.notNumber"
          : "validation.notText";
    case "invalid_value":
      return "validation.notAllowedValue";
    case "unrecognized_keys":
      return "validation.unknownFields";
    default:
      return "validation.notValid";
  }
}

/** For `safeParse` (the API, a form): the issues a schema names no message for get the product's. */
export const parseOptions = { error: (issue: z.core.$ZodRawIssue) => productKey(issue) } as const;

const KEY = /^validation\.[A-Za-z]+$/;
const plain = (value: unknown) => (typeof value === "bigint" ? Number(value) : value);

/**
 * A zod issue's message as a key and values: the limit (`{maximum}`, `{minimum}`), the unknown
 * fields (`{keys}`, `{count}`), and what a rule passes in its `params`.
 */
export function issueMessage(issue: z.core.$ZodIssue): IssueMessage {
  // Unknown fields are named whatever message their object's schema carries.
  const key = issue.code !== "unrecognized_keys" && KEY.test(issue.message) ? (issue.message as ValidationKey) : productKey(issue);
  const values: Record<string, unknown> = {};
  if (issue.code === "too_big") values.maximum = plain(issue.maximum);
  if (issue.code === "too_small") values.minimum = plain(issue.minimum);
  if (issue.code === "unrecognized_keys") Object.assign(values, { keys: issue.keys.join(", "), count: issue.keys.length });
  if (issue.code === "custom" && issue.params) Object.assign(values, issue.params);
  return { key, values };
}

/** A zod issue in words, in the language of `t` (the client's `useT()`, the server's translator). */
export function issueWords(issue: z.core.$ZodIssue, t: (key: ValidationKey, values?: Record<string, unknown>) => string): string {
  const { key, values } = issueMessage(issue);
  return t(key, values);
}
