import { useEffect, type FormEvent } from "react";
import { Controller } from "react-hook-form";
import { episodeSchema, LIMITS, type Episode } from "@shared/api";
import { TextAreaField, TextField } from "@/components/ui/field";
import { FormActions, PublishedSwitch } from "@/components/ui/form-actions";
import { saveEntity } from "@/components/ui/save-entity";
import { showServerErrors, useSchemaForm } from "@/lib/forms";
import { useEpisodeMutations } from "../api";

const EMPTY = { title: "", spotifyEmbedUrl: "", description: "", isPublished: true };

/** docs/product.md §2 "Episodes": add mode by default, edit mode for `editing`. */
export function EpisodeForm({ editing, onDone }: { editing: Episode | null; onDone: () => void }) {
  const form = useSchemaForm(episodeSchema, {
    defaultValues: editing
      ? { title: editing.title, spotifyEmbedUrl: editing.spotifyEmbedUrl, description: editing.description, isPublished: editing.isPublished }
      : EMPTY,
  });
  const { errors } = form.formState;
  const { create, update } = useEpisodeMutations();

  useEffect(() => {
    if (editing) form.setFocus("title");
  }, [editing, form]);

  const reset = () => {
    form.reset(EMPTY);
    onDone();
  };

  const save = form.handleSubmit((input) =>
    saveEntity({
      noun: "episode",
      editingId: editing?.id ?? null,
      createInput: input,
      updateInput: input,
      create,
      update,
      onFailed: (error) => showServerErrors(form, error),
      onSaved: reset,
    }),
  );
  const onSubmit = (event: FormEvent) => {
    // docs/product.md §5: nothing happens while the title or the embed address is blank.
    const { title, spotifyEmbedUrl } = form.getValues();
    if (!title.trim() || !spotifyEmbedUrl.trim()) return event.preventDefault();
    void save(event);
  };

  return (
    <section className="card p-6" aria-labelledby="episode-form-heading">
      <h2 id="episode-form-heading" className="text-xl font-bold">
        {editing ? "Edit Episode" : "Add New Episode"}
      </h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextField id="episode-title" label="Episode Title" required maxLength={LIMITS.title} {...form.register("title")} error={errors.title?.message} />
        <TextField
          id="episode-url"
          label="Spotify Embed URL"
          type="url"
          required
          {...form.register("spotifyEmbedUrl")}
          placeholder="https://open.spotify.com/embed/episode/..."
          hint="In Spotify, open the episode, choose Share, then Embed episode, and copy the address from the embed code."
          error={errors.spotifyEmbedUrl?.message}
        />
        <TextAreaField
          id="episode-description"
          label="Description (Optional)"
          rows={4}
          maxLength={LIMITS.description}
          {...form.register("description")}
          error={errors.description?.message}
        />
        <Controller
          control={form.control}
          name="isPublished"
          render={({ field }) => <PublishedSwitch id="episode-published" checked={field.value ?? true} onChange={field.onChange} />}
        />
        <FormActions
          submitLabel={editing ? "Update Episode" : "Add Episode"}
          isPending={create.isPending || update.isPending}
          isEditing={!!editing}
          onCancel={reset}
        />
      </form>
    </section>
  );
}
