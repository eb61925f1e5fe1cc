import { toast, toastError } from "./toast-store";

type Noun = "provider" | "episode" | "clip";
interface MutateOptions {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/**
 * Saves an admin form in add or edit mode with the spec's toasts (docs/product.md §8: '{Noun} added' /
 * 'The {noun} has been added successfully', 'Failed to add {noun}', and the same for update);
 * `onFailed` gets the error, for the server's field errors to go back to the form.
 */
export function saveEntity<CreateInput, UpdateInput>(options: {
  noun: Noun;
  editingId: number | null;
  createInput: CreateInput;
  updateInput: UpdateInput;
  create: { mutate: (input: CreateInput, handlers: MutateOptions) => void };
  update: { mutate: (variables: { id: number; input: UpdateInput }, handlers: MutateOptions) => void };
  onFailed: (error: Error) => void;
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
      options.onFailed(error);
      toastError(`Failed to ${verb} ${noun}`);
    },
  };
  if (editingId === null) options.create.mutate(options.createInput, handlers);
  else options.update.mutate({ id: editingId, input: options.updateInput }, handlers);
}
