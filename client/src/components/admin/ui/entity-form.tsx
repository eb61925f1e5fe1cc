import { useIsMutating, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useEffect, useState, type ComponentType, type FormEvent, type ReactNode } from "react";
import { Controller, type Control, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";
import { confirmDiscard } from "@/lib/navigation-guard";
import { EditLoadStatus, FormActions, PublishedSwitch } from "@/components/ui/form-actions";
import { useAdminT, type AdminKey } from "@/lib/i18n";
import { saveEntity, useStaleSave, type Noun } from "./save-entity";
import { StaleNotice } from "./stale-notice";

/**
 * An add/edit form whose edit starts from the whole item (`wholeQuery`, by the item's slug),
 * fetched afresh: a list's copy may leave long fields out (a save would write them empty) and
 * may be older than the item's latest version. A reload after a conflict starts the `Fields`
 * again from the version it brings (only a reload: the item read again after a save must not
 * take the form away from its answer).
 */
export function EditFromWhole<T, K extends QueryKey>({
  noun,
  editing,
  wholeQuery,
  Fields,
  onDone,
}: {
  noun: string;
  editing: { slug: string } | null;
  wholeQuery: (slug: string) => UseQueryOptions<T | null, Error, T | null, K>;
  Fields: ComponentType<{ editing: T | null; onDone: () => void; onReload?: () => void }>;
  onDone: () => void;
}) {
  const whole = useQuery({ ...wholeQuery(editing?.slug ?? ""), enabled: !!editing, refetchOnMount: "always" });
  const [reloads, setReloads] = useState(0);
  // While a write is under way the fields stay on the item they showed: a save that renamed its
  // slug reads the old slug again (before its own answer is given) and finds nothing, and taking
  // the fields away then would lose the save's answer (its toast and the return to add mode run
  // from the fields). Once no write is under way, an item that is gone is said to be gone.
  const isWriting = useIsMutating() > 0;
  const fresh = whole.data && whole.isFetchedAfterMount ? whole.data : null;
  const [shown, setShown] = useState<T | null>(null);
  if (fresh && fresh !== shown) setShown(fresh);
  const item = fresh ?? (isWriting ? shown : null);
  if (!editing) return <Fields editing={null} onDone={onDone} />;
  if (item) {
    return (
      <Fields key={reloads} editing={item} onDone={onDone} onReload={() => void whole.refetch().then(() => setReloads((n) => n + 1))} />
    );
  }
  return <EditLoadStatus noun={noun} query={whole} onCancel={onDone} />;
}

interface Mutation<Variables> {
  mutate: (variables: Variables, handlers: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/**
 * What every admin add/edit form does around its fields: the first field (`focus`) takes focus
 * when an edit starts; leaving with unsaved changes asks first; `save` saves the fields through
 * saveEntity (naming the version the fields were filled from) and `reset` empties them (and runs
 * `onReset`) and goes back to add mode, as `cancel` does once the admin agrees to drop their
 * changes. `card` is what EntityFormCard needs of it.
 */
export function useEntityForm<T extends FieldValues, TOut, Changes = TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  options: {
    noun: Noun;
    editing: { id: number; version: number } | null;
    mutations: { create: Mutation<TOut>; update: Mutation<{ id: number; input: TOut | Changes }> };
    focus: Path<T>;
    empty: T;
    onDone: () => void;
    onReset?: () => void;
  },
) {
  const { noun, editing, focus, empty, onDone, onReset } = options;
  const { create, update } = options.mutations;
  const t = useAdminT();
  const stale = useStaleSave();
  /** The version the fields were filled from: what a save names (see saveEntity). */
  const [version] = useState(editing?.version);
  const isEditing = !!editing;
  useEffect(() => {
    if (isEditing) form.setFocus(focus);
  }, [isEditing, focus, form]);
  useUnsavedChanges(form.formState.isDirty);
  const reset = () => {
    form.reset(empty);
    onReset?.();
    onDone();
  };
  const cancel = () => {
    if (confirmDiscard(form.formState.isDirty)) reset();
  };
  const save = (input: TOut, changes?: Changes) =>
    saveEntity({
      noun,
      t,
      form,
      editingId: editing?.id ?? null,
      input,
      changes,
      version,
      create,
      update,
      onSaved: reset,
      onStale: stale.onStale,
    });
  const card = { noun, isEditing, stale, isPending: create.isPending || update.isPending, onCancel: cancel };
  return { save, reset, card };
}

/** The Published switch of a form's `isPublished` field (published unless set otherwise). */
export function PublishedField<T extends FieldValues & { isPublished?: boolean }>({ id, control }: { id: string; control: Control<T> }) {
  return (
    <Controller
      control={control}
      name={"isPublished" as Path<T>}
      render={({ field }) => <PublishedSwitch id={id} checked={(field.value as boolean | undefined) ?? true} onChange={field.onChange} />}
    />
  );
}

/** Each noun's form heading (add and edit mode) and submit button (add and update). */
const FORM_WORDS: Record<Noun, Record<"addHeading" | "editHeading" | "add" | "update", AdminKey>> = {
  episode: {
    addHeading: "entityForm.addEpisodeHeading",
    editHeading: "entityForm.editEpisodeHeading",
    add: "entityForm.addEpisode",
    update: "entityForm.updateEpisode",
  },
  clip: {
    addHeading: "entityForm.addClipHeading",
    editHeading: "entityForm.editClipHeading",
    add: "entityForm.addClip",
    update: "entityForm.updateClip",
  },
  provider: {
    addHeading: "entityForm.addProviderHeading",
    editHeading: "entityForm.editProviderHeading",
    add: "entityForm.addProvider",
    update: "entityForm.updateProvider",
  },
};

/**
 * The card of an admin add/edit form (docs/product.md §2): its heading ("Add New Clip", "Edit
 * Clip"), `intro` between the heading and the form, the fields, the conflict notice when a save
 * met a newer version (and there is a version to reload), and the form's buttons; with
 * `busyLabels` the submit button says "Adding..." or "Updating..." while it saves.
 */
export function EntityFormCard({
  noun,
  isEditing,
  stale,
  isPending,
  onCancel,
  onSubmit,
  onReload,
  intro,
  busyLabels = false,
  children,
}: ReturnType<typeof useEntityForm>["card"] & {
  onSubmit: (event: FormEvent) => void;
  onReload?: () => void;
  intro?: ReactNode;
  busyLabels?: boolean;
  children: ReactNode;
}) {
  const t = useAdminT();
  const words = FORM_WORDS[noun];
  const busyLabel = isEditing ? t("entityForm.updating") : t("entityForm.adding");
  const submitLabel = busyLabels && isPending ? busyLabel : t(isEditing ? words.update : words.add);
  return (
    <section className="card p-6" aria-labelledby={`${noun}-form-heading`}>
      <h2 id={`${noun}-form-heading`} className="text-xl font-bold">
        {t(isEditing ? words.editHeading : words.addHeading)}
      </h2>
      {intro}
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        {children}
        {stale.isStale && onReload ? <StaleNotice noun={noun} onReload={onReload} onOverwrite={stale.overwrite} /> : null}
        <FormActions submitLabel={submitLabel} isPending={isPending} isEditing={isEditing} onCancel={onCancel} />
      </form>
    </section>
  );
}
