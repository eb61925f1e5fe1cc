import type { FieldValues } from "react-hook-form";
import { showServerErrors, type ServerErrorTarget } from "@/lib/forms";
import { toast, toastError } from "./toast-store";

type Noun = "provider" | "episode" | "clip";
interface MutateOptions {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/**
 * Saves an admin form in add or edit mode with the spec's toasts (docs/product.md §8: '{Noun} added' /
 * 'The {noun} has been added successfully', 'Failed to add {noun}', and the same for update).
 * An edit sends `changes` when given (only the changed fields), `input` otherwise; the server's
 * field errors go back to `form`.
 */
export function saveEntity<Input, Fields extends FieldValues, Changes = Input>(options: {
  noun: Noun;
  form: ServerErrorTarget<Fields>;
  editingId: number | null;
  input: Input;
  changes?: Changes;
  create: { mutate: (input: Input, handlers: MutateOptions) => void };
  update: { mutate: (variables: { id: number; input: Input | Changes }, handlers: MutateOptions) => void };
  onSaved: () => void;
}): void {
  const { noun, editingId } = options;
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  const verb = editingId === null ? "add" : "update";
  const done = editingId === null ? "added" : "updated";
  const handlers: MutateOptions = {
    onSuccess: () => {
      toast({ title: `${Noun} ${done}`, description: `The ${noun} has been ${done} successfully` });
      options.onSaved();
    },
    onError: (error) => {
      showServerErrors(options.form, error);
      toastError(`Failed to ${verb} ${noun}`);
    },
  };
  if (editingId === null) options.create.mutate(options.input, handlers);
  else options.update.mutate({ id: editingId, input: options.changes ?? options.input }, handlers);
}
