/** Field errors by field name, from a zod result or the API's `errors` list (one shape for both). */
export type FieldErrors = Partial<Record<string, string>>;

export function toFieldErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[] | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues ?? []) {
    const key = typeof issue.path === "string" ? issue.path : String(issue.path[0] ?? "");
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
