import type { z } from "zod";
import { issueMessage, parseOptions } from "../../../shared/validation";
import { AppError, words, type FieldWords } from "./errors";

/** What the input was, for the 400's message: "Invalid request: title is required", "Invalid range: ...". */
const WHAT = {
  request: { none: "error.invalidRequest", field: "error.invalidRequestField", whole: "error.invalidRequestWhole" },
  range: { none: "error.invalidRange", field: "error.invalidRangeField", whole: "error.invalidRangeWhole" },
} as const;

/**
 * The 400 of docs/product.md for a field's problem, with the problem under the field, so a form
 * that saves several puts it under the right one. `path` is the field's name in the request.
 */
export function invalidField(path: string, problem: FieldWords["message"], what: keyof typeof WHAT = "request"): AppError {
  const keys = WHAT[what];
  return path
    ? new AppError("VALIDATION", keys.field, { values: { field: path, problem }, errors: [{ path, message: problem }] })
    : new AppError("VALIDATION", keys.whole, { values: { problem }, errors: [{ path, message: problem }] });
}

/** Parses input with a shared schema, or throws the 400 of docs/product.md with every problem listed. */
export function parse<T extends z.ZodType>(schema: T, input: unknown, what: keyof typeof WHAT = "request"): z.infer<T> {
  const result = schema.safeParse(input, parseOptions);
  if (result.success) return result.data;
  const errors: FieldWords[] = result.error.issues.map((issue) => {
    const { key, values } = issueMessage(issue);
    return { path: issue.path.map(String).join("."), message: words(key, values) };
  });
  const first = errors[0];
  if (!first) throw new AppError("VALIDATION", WHAT[what].none);
  const summary = invalidField(first.path, first.message, what);
  throw new AppError("VALIDATION", summary.words, { errors });
}
