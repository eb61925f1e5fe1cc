import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import type { ClipboardEvent, FormEvent } from "react";
import {
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from "react-hook-form";
import type { z } from "zod";
import { issueWords, parseOptions } from "@shared/validation";
import { isApiError } from "./api-client";
import { counterText } from "./counter";
import { useT, type Translate } from "./i18n";

/**
 * The zod resolver of react-hook-form, with each field's first problem in the page's words: the
 * same rules as the API's (`parseOptions`), said by `issueWords` in the language of `t`.
 */
function schemaResolver<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  t: Translate,
): Resolver<z.input<TSchema>, unknown, z.output<TSchema>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, parseOptions);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data as z.output<TSchema>, errors: {} };
    }
    // Without a prototype, a field named after one of its members ("constructor") is not taken for it.
    const errors: Record<string, FieldError> = Object.create(null) as Record<string, FieldError>;
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join(".");
      errors[path] ??= { type: issue.code, message: issueWords(issue, t) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * A form on react-hook-form, checked by a shared schema (the one the API checks with) with the
 * product's messages (shared/validation.ts) in the page's language. The first field in error
 * takes focus, and its message is tied to it (aria-describedby) and announced (field.tsx).
 */
export function useSchemaForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  props: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, "resolver">,
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  const t = useT();
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    ...props,
    resolver: schemaResolver(schema, t),
    shouldFocusError: true,
  });
}

/**
 * The API's field errors (`errors: [{path, message}]`) onto the form's fields, so a rule only the
 * server can check (a slug already taken) reads like any other. Errors for fields the form does
 * not have are left to the toast.
 */
export interface ServerErrorTarget<T extends FieldValues> {
  getValues: () => T;
  setError: UseFormSetError<T>;
}

export function showServerErrors<T extends FieldValues>(form: ServerErrorTarget<T>, error: unknown): void {
  if (!isApiError(error)) return;
  const fields = Object.keys(form.getValues());
  let first = true;
  for (const { path, message } of error.errors ?? []) {
    const name = String(path).split(".")[0]!;
    if (!fields.includes(name)) continue;
    form.setError(name as Path<T>, { type: "server", message }, { shouldFocus: first });
    first = false;
  }
}

/**
 * What a TextField or TextAreaField takes from the form for one field: its registration and its
 * message, read through the form state so the field shows it as soon as it changes.
 */
export function bindField<T extends FieldValues, TOut, N extends Path<T>>(
  form: UseFormReturn<T, unknown, TOut>,
  name: N,
  options?: RegisterOptions<T, N>,
) {
  return { ...form.register(name, options), error: form.getFieldState(name, form.formState).error?.message };
}

/** A field's length limit with the "12/150" counter beside its label. */
export function countedField<T extends FieldValues, TOut>(form: UseFormReturn<T, unknown, TOut>, name: Path<T>, limit: number) {
  const value: unknown = form.watch(name);
  return { maxLength: limit, aside: counterText(typeof value === "string" ? value : "", limit) };
}

/**
 * The form's submit handler with docs/product.md §5's rule for the admin forms: while one of the
 * `required` fields is blank, pressing the button does nothing at all (no message, no call).
 */
export function submitUnlessBlank<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  required: readonly NoInfer<keyof T & string>[],
  save: (event: FormEvent) => Promise<void>,
): (event: FormEvent) => void {
  return (event) => {
    const values: Record<string, unknown> = form.getValues();
    if (required.some((name) => !String(values[name] ?? "").trim())) return event.preventDefault();
    void save(event);
  };
}

/**
 * A paste handler for a link field: instead of the browser's paste, the field's text with the
 * pasted words (trimmed) in place of the selection goes to `convert`, whole at once.
 */
export function pasteInto(convert: (value: string) => void): (event: ClipboardEvent<HTMLInputElement>) => void {
  return (event) => {
    const pasted = event.clipboardData.getData("text");
    if (!pasted) return;
    event.preventDefault();
    const { selectionStart: start, selectionEnd: end, value } = event.currentTarget;
    convert(value.slice(0, start ?? value.length) + pasted.trim() + value.slice(end ?? value.length));
  };
}
