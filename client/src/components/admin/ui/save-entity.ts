import { useCallback, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { isApiError } from "@/lib/api-client";
import { showServerErrors, type ServerErrorTarget } from "@/lib/forms";
import { toast, toastError } from "@/components/ui/toast-store";

type Noun = "provider" | "episode" | "clip";
interface MutateOptions {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/**
 * Saves an admin form in add or edit mode with the spec's toasts (docs/product.md §8: '{Noun} added' /
 * 'The {noun} has been added successfully', 'Failed to add {noun}', and the same for update).
 * An edit sends `changes` when given (only the changed fields), `input` otherwise, with the
 * `version` the form was filled from; the server's field errors go back to `form`. When the item
 * has changed since (409 STALE), `onStale` gets the same save without the version, to send if
 * the admin chooses to replace the other version with theirs.
 */
export function saveEntity<Input, Fields extends FieldValues, Changes = Input>(options: {
  noun: Noun;
  form: ServerErrorTarget<Fields>;
  editingId: number | null;
  input: Input;
  changes?: Changes;
  version?: number;
  create: { mutate: (input: Input, handlers: MutateOptions) => void };
  update: { mutate: (variables: { id: number; input: Input | Changes }, handlers: MutateOptions) => void };
  onSaved: () => void;
  onStale?: (overwrite: () => void) => void;
}): void {
  const { noun, editingId, version } = options;
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  const verb = editingId === null ? "add" : "update";
  const done = editingId === null ? "added" : "updated";
  const handlers: MutateOptions = {
    onSuccess: () => {
      toast({ title: `${Noun} ${done}`, description: `The ${noun} has been ${done} successfully` });
      options.onSaved();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "STALE" && options.onStale) {
        options.onStale(() => saveEntity({ ...options, version: undefined }));
        return;
      }
      showServerErrors(options.form, error);
      toastError(`Failed to ${verb} ${noun}`);
    },
  };
  if (editingId === null) options.create.mutate(options.input, handlers);
  else
    options.update.mutate(
      { id: editingId, input: { ...(options.changes ?? options.input), ...(version === undefined ? {} : { version }) } },
      handlers,
    );
}

/**
 * A form's conflict with a newer version of what it edits (see saveEntity's `onStale`): whether
 * there is one, and `overwrite`, which saves the admin's words over it.
 */
export function useStaleSave() {
  const [again, setAgain] = useState<(() => void) | null>(null);
  const onStale = useCallback((overwrite: () => void) => setAgain(() => overwrite), []);
  const overwrite = useCallback(() => {
    setAgain(null);
    again?.();
  }, [again]);
  const clear = useCallback(() => setAgain(null), []);
  return { isStale: again !== null, onStale, overwrite, clear };
}
