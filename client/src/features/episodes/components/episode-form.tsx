import { useEffect, useState, type FormEvent } from "react";
import { parseOptions } from "@shared/validation";
import { episodeSchema, LIMITS, type Episode } from "@shared/api";
import { TextAreaField, TextField } from "@/components/ui/field";
import { FormActions, PublishedSwitch } from "@/components/ui/form-actions";
import { saveEntity } from "@/components/ui/save-entity";
import { toFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { nextSortOrder } from "@/lib/sort-order";
import { useEpisodeMutations } from "../api";

const EMPTY = { title: "", spotifyEmbedUrl: "", description: "", isPublished: true };

/** SPEC.md §2 "Episode management" form; add mode by default, edit mode for `editing`. */
export function EpisodeForm({ editing, episodes, onDone }: { editing: Episode | null; episodes: readonly Episode[]; onDone: () => void }) {
  const [values, setValues] = useState(() =>
    editing
      ? { title: editing.title, spotifyEmbedUrl: editing.spotifyEmbedUrl, description: editing.description, isPublished: editing.isPublished }
      : EMPTY,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const { create, update } = useEpisodeMutations();
  const isPending = create.isPending || update.isPending;

  useEffect(() => {
    if (editing) document.getElementById("episode-title")?.focus();
  }, [editing]);

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
    onDone();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      title: values.title.trim(),
      spotifyEmbedUrl: values.spotifyEmbedUrl.trim(),
      description: values.description.trim(),
      isPublished: values.isPublished,
      sortOrder: editing ? editing.sortOrder : nextSortOrder(episodes),
    };
    // SPEC.md §5: silently ignored when the trimmed title or embed URL is empty.
    if (!input.title || !input.spotifyEmbedUrl) return;
    const parsed = episodeSchema.safeParse(input, parseOptions);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    saveEntity({ noun: "episode", editingId: editing?.id ?? null, createInput: input, updateInput: input, create, update, setErrors, onSaved: reset });
  };

  const set = (key: "title" | "spotifyEmbedUrl" | "description") => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <section className="card p-6" aria-labelledby="episode-form-heading">
      <h2 id="episode-form-heading" className="text-xl font-bold">
        {editing ? "Edit Episode" : "Add New Episode"}
      </h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate={false}>
        <TextField id="episode-title" label="Episode Title" required maxLength={LIMITS.title} value={values.title} onChange={set("title")} error={errors.title} />
        <TextField
          id="episode-url"
          label="Spotify Embed URL"
          type="url"
          required
          value={values.spotifyEmbedUrl}
          onChange={set("spotifyEmbedUrl")}
          placeholder="https://open.spotify.com/embed/episode/..."
          hint="In Spotify, open the episode, choose Share, then Embed episode, and copy the address from the embed code."
          error={errors.spotifyEmbedUrl}
        />
        <TextAreaField
          id="episode-description"
          label="Description (Optional)"
          rows={4}
          maxLength={LIMITS.description}
          value={values.description}
          onChange={set("description")}
          error={errors.description}
        />
        <PublishedSwitch id="episode-published" checked={values.isPublished} onChange={(isPublished) => setValues((v) => ({ ...v, isPublished }))} />
        <FormActions submitLabel={editing ? "Update Episode" : "Add Episode"} isPending={isPending} isEditing={!!editing} onCancel={reset} />
      </form>
    </section>
  );
}
