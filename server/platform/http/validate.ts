import type { z } from "zod";
import { parseOptions } from "../../../shared/validation";
import { AppError } from "./errors";

/** Parses input with a shared schema, or throws the 400 of docs/product.md with every problem listed. */
export function parse<T extends z.ZodType>(schema: T, input: unknown, what = "Invalid request"): z.infer<T> {
  const result = schema.safeParse(input, parseOptions);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    const message =
      issue.code === "unrecognized_keys" ? `unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}` : issue.message;
    return { path, message };
  });
  const first = errors[0];
  const summary = first ? `${what}: ${first.path ? `${first.path} ` : ""}${first.message}` : what;
  throw new AppError("VALIDATION", summary, { errors });
}
