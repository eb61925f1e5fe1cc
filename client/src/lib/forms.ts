import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { parseOptions } from "@shared/validation";
import { isApiError } from "./api-client";

/**
 * A form on react-hook-form, checked by a shared schema (the one the API checks with) with the
 * product's messages (shared/validation.ts). The first field in error takes focus, and its
 * message is tied to it (aria-describedby) and announced (field.tsx).
 */
export function useSchemaForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  props: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, "resolver">,
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    ...props,
    resolver: zodResolver(schema, parseOptions),
    shouldFocusError: true,
  });
}

/**
 * The API's field errors (`errors: [{path, message}]`) onto the form's fields, so a rule only the
 * server can check (a slug already taken) reads like any other. Errors for fields the form does
 * not have are left to the toast.
 */
export function showServerErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, "setError" | "getValues">, error: unknown): void {
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
