import { useCallback, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { isApiError } from "@/lib/api-client";
import { showServerErrors, type ServerErrorTarget } from "@/lib/forms";
import { toast, toastError } from "@/components/ui/toast-store";
import type { AdminKey, Translate } from "@/lib/i18n";

export type Noun = "provider" | "episode" | "clip";

/** Each noun's words for an add and an update: the toast's title and description, and the failure. */
const SAVED: Record<Noun, Record<"add" | "update", { title: AdminKey; description: AdminKey; failed: AdminKey }>> = {
  episode: {
    add: { title: "saveEntity.episodeAdded", description: "saveEntity.episodeAddedDescription", failed: "saveEntity.episodeAddFailed" },
    update: {
      title: "saveEntity.episodeUpdated",
      description: "saveEntity.episodeUpdatedDescription",
      failed: "saveEntity.episodeUpdateFailed",
    },
  },
  clip: {
    add: { title: "saveEntity.clipAdded", description: "saveEntity.clipAddedDescription", failed: "saveEntity.clipAddFailed" },
    update: { title: "saveEntity.clipUpdated", description: "saveEntity.clipUpdatedDescription", failed: "saveEntity.clipUpdateFailed" },
  },
  provider: {
    add: { title: "saveEntity.providerAdded", description: "saveEntity.providerAddedDescription", failed: "saveEntity.providerAddFailed" },
    update: {
      title: "saveEntity.providerUpdated",
      description: "saveEntity.providerUpdatedDescription",
      failed: "saveEntity.providerUpdateFailed",
    },
  },
};

/** "Failed to update {noun}": a save's, and a move's in the ordered lists. */
export const UPDATE_FAILED: Record<Noun, AdminKey> = {
  episode: SAVED.episode.update.failed,
  clip: SAVED.clip.update.failed,
  provider: SAVED.provider.update.failed,
};
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
  /** The admin area's words (useAdminT). */
  t: Translate<AdminKey>;
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
  const { noun, t, editingId, version } = options;
  const words = SAVED[noun][editingId === null ? "add" : "update"];
  const handlers: MutateOptions = {
    onSuccess: () => {
      toast({ title: t(words.title), description: t(words.description) });
      options.onSaved();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "STALE" && options.onStale) {
        options.onStale(() => saveEntity({ ...options, version: undefined }));
        return;
      }
      showServerErrors(options.form, error);
      toastError(t(words.failed));
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
