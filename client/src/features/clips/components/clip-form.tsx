import { useEffect, type ClipboardEvent, type FormEvent } from "react";
import { Controller } from "react-hook-form";
import { clipSchema, LIMITS, type ClipListItem } from "@shared/api";
import { toYouTubeEmbedUrl } from "@shared/embeds";
import { slugify } from "@shared/slug";
import { TextAreaField, TextField } from "@/components/ui/field";
import { FormActions, PublishedSwitch } from "@/components/ui/form-actions";
import { saveEntity } from "@/components/ui/save-entity";
import { counterText } from "@/lib/counter";
import { showServerErrors, useSchemaForm } from "@/lib/forms";
import { useClipMutations } from "../api";

const EMPTY = { title: "", youtubeEmbedUrl: "", description: "", keyQuote: "", slug: "", metaDescription: "", content: "", isPublished: true };

/**
 * docs/product.md §2 "Clips" form, §5 rules. The shared schema trims, converts a YouTube link and
 * checks the limits; an empty slug is made from the title by the server.
 */
export function ClipForm({ editing, onDone }: { editing: ClipListItem | null; onDone: () => void }) {
  const form = useSchemaForm(clipSchema, {
    defaultValues: editing
      ? {
          title: editing.title,
          youtubeEmbedUrl: editing.youtubeEmbedUrl,
          description: editing.description,
          keyQuote: editing.keyQuote,
          slug: editing.slug,
          metaDescription: editing.metaDescription,
          content: editing.content ?? "",
          isPublished: editing.isPublished,
        }
      : EMPTY,
  });
  const { errors } = form.formState;
  const [title, keyQuote, metaDescription] = form.watch(["title", "keyQuote", "metaDescription"]) as string[];
  const { create, update } = useClipMutations();

  useEffect(() => {
    if (editing) form.setFocus("title");
  }, [editing, form]);

  // A youtu.be or watch?v= link becomes the embed address (docs/product.md §5) once it is whole:
  // when it is pasted and when the field is left, never while it is typed key by key.
  const convertUrl = (value: string) => form.setValue("youtubeEmbedUrl", toYouTubeEmbedUrl(value));
  const onPasteUrl = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text");
    if (!pasted) return;
    event.preventDefault();
    const { selectionStart: start, selectionEnd: end, value } = event.currentTarget;
    convertUrl(value.slice(0, start ?? value.length) + pasted.trim() + value.slice(end ?? value.length));
  };
  const urlField = form.register("youtubeEmbedUrl", { onBlur: (e: { target: { value: string } }) => convertUrl(e.target.value) });

  const reset = () => {
    form.reset(EMPTY);
    onDone();
  };

  const save = form.handleSubmit((input) =>
    saveEntity({
      noun: "clip",
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
    // docs/product.md §5: nothing happens while the title or the video address is blank.
    const values = form.getValues();
    if (!values.title.trim() || !String(values.youtubeEmbedUrl ?? "").trim()) return event.preventDefault();
    void save(event);
  };

  return (
    <section className="card p-6" aria-labelledby="clip-form-heading">
      <h2 id="clip-form-heading" className="text-xl font-bold">
        {editing ? "Edit Clip" : "Add New Clip"}
      </h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextField id="clip-title" label="Clip Title" required maxLength={LIMITS.title} {...form.register("title")} error={errors.title?.message} />
        <TextField
          id="clip-url"
          label="YouTube Embed URL"
          type="url"
          required
          {...urlField}
          onPaste={onPasteUrl}
          placeholder="https://www.youtube.com/embed/..."
          hint="A youtu.be or watch link is turned into an embed link (its start time kept)."
          error={errors.youtubeEmbedUrl?.message}
        />
        <TextAreaField id="clip-description" label="Description" rows={2} maxLength={LIMITS.description} {...form.register("description")} error={errors.description?.message} />
        <TextAreaField
          id="clip-key-quote"
          label="Key Quote"
          rows={2}
          maxLength={LIMITS.keyQuote}
          {...form.register("keyQuote")}
          aside={counterText(keyQuote ?? "", LIMITS.keyQuote)}
          error={errors.keyQuote?.message}
        />
        <TextField
          id="clip-slug"
          label="URL Slug"
          maxLength={LIMITS.slug}
          {...form.register("slug")}
          placeholder={slugify(title ?? "") || "leave-empty-to-auto-generate"}
          hint="Leave empty to auto-generate from title."
          error={errors.slug?.message}
        />
        <TextAreaField
          id="clip-meta"
          label="Meta Description"
          rows={2}
          maxLength={LIMITS.metaDescription}
          {...form.register("metaDescription")}
          aside={counterText(metaDescription ?? "", LIMITS.metaDescription)}
          error={errors.metaDescription?.message}
        />
        <TextAreaField
          id="clip-content"
          label="Article Content"
          rows={6}
          maxLength={LIMITS.content}
          {...form.register("content")}
          hint="Separate paragraphs with a blank line. 'Speaker: words' shows the speaker in bold."
          error={errors.content?.message}
        />
        <Controller
          control={form.control}
          name="isPublished"
          render={({ field }) => <PublishedSwitch id="clip-published" checked={field.value ?? true} onChange={field.onChange} />}
        />
        <FormActions submitLabel={editing ? "Update Clip" : "Add Clip"} isPending={create.isPending || update.isPending} isEditing={!!editing} onCancel={reset} />
      </form>
    </section>
  );
}
