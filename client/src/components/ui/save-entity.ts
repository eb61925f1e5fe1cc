import { isApiError } from "@/lib/api-client";
import { toFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { toast, toastError } from "./toast-store";

type Noun = "provider" | "episode" | "clip";
interface MutateOptions {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/**
 * Saves an admin form in add or edit mode with the spec's toasts (SPEC.md §8: '{Noun} added' /
 * 'The {noun} has been added successfully', 'Failed to add {noun}', and the same for update);
 * the server's field errors go back to the form.
 */
export function saveEntity<CreateInput, UpdateInput>(options: {
  noun: Noun;
  editingId: number | null;
  createInput: CreateInput;
  updateInput: UpdateInput;
  create: { mutate: (input: CreateInput, handlers: MutateOptions) => void };
  update: { mutate: (variables: { id: number; input: UpdateInput }, handlers: MutateOptions) => void };
  setErrors: (errors: FieldErrors) => void;
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
      if (isApiError(error)) options.setErrors(toFieldErrors(error.errors));
      toastError(`Failed to ${verb} ${noun}`);
    },
  };
  options.setErrors({});
  if (editingId === null) options.create.mutate(options.createInput, handlers);
  else options.update.mutate({ id: editingId, input: options.updateInput }, handlers);
}
