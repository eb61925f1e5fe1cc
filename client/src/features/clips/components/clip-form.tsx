import { useEffect, useState, type ClipboardEvent, type FormEvent } from "react";
import { parseOptions } from "@shared/validation";
import { clipSchema, LIMITS, type ClipListItem } from "@shared/api";
import { toYouTubeEmbedUrl } from "@shared/embeds";
import { slugify } from "@shared/slug";
import { TextAreaField, TextField } from "@/components/ui/field";
import { FormActions, PublishedSwitch } from "@/components/ui/form-actions";
import { saveEntity } from "@/components/ui/save-entity";
import { counterText } from "@/lib/counter";
import { toFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { nextSortOrder } from "@/lib/sort-order";
import { useClipMutations } from "../api";

type TextKey = "title" | "youtubeEmbedUrl" | "description" | "keyQuote" | "slug" | "metaDescription" | "content";
const EMPTY: Record<TextKey, string> & { isPublished: boolean } = {
  title: "",
  youtubeEmbedUrl: "",
  description: "",
  keyQuote: "",
  slug: "",
  metaDescription: "",
  content: "",
  isPublished: true,
};

/** SPEC.md §2 "Clip management" form, §5 rules (trimming, YouTube conversion, slug, limits). */
export function ClipForm({ editing, clips, onDone }: { editing: ClipListItem | null; clips: readonly ClipListItem[]; onDone: () => void }) {
  const [values, setValues] = useState(() =>
    editing
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
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const { create, update } = useClipMutations();
  const isPending = create.isPending || update.isPending;

  useEffect(() => {
    if (editing) document.getElementById("clip-title")?.focus();
  }, [editing]);

  const set = (key: TextKey) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  // A youtu.be or watch?v= link becomes the embed address (docs/product.md §5) once it is whole: when it
  // is pasted and when the field is left, never while it is typed key by key (issue 9).
  const convertUrl = (value: string) => setValues((v) => ({ ...v, youtubeEmbedUrl: toYouTubeEmbedUrl(value) }));
  const onPasteUrl = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text");
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const { selectionStart: start, selectionEnd: end, value } = input;
    convertUrl(value.slice(0, start ?? value.length) + pasted.trim() + value.slice(end ?? value.length));
  };

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
    onDone();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const title = values.title.trim();
    const youtubeEmbedUrl = toYouTubeEmbedUrl(values.youtubeEmbedUrl.trim());
    if (!title || !youtubeEmbedUrl) return;
    const input = {
      title,
      youtubeEmbedUrl,
      description: values.description.trim(),
      content: values.content.trim(),
      keyQuote: values.keyQuote.trim(),
      slug: values.slug.trim() || slugify(title),
      metaDescription: values.metaDescription.trim(),
      isPublished: values.isPublished,
      sortOrder: editing ? editing.sortOrder : nextSortOrder(clips),
    };
    const parsed = clipSchema.safeParse(input, parseOptions);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    saveEntity({ noun: "clip", editingId: editing?.id ?? null, createInput: input, updateInput: input, create, update, setErrors, onSaved: reset });
  };

  return (
    <section className="card p-6" aria-labelledby="clip-form-heading">
      <h2 id="clip-form-heading" className="text-xl font-bold">
        {editing ? "Edit Clip" : "Add New Clip"}
      </h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextField id="clip-title" label="Clip Title" required maxLength={LIMITS.title} value={values.title} onChange={set("title")} error={errors.title} />
        <TextField
          id="clip-url"
          label="YouTube Embed URL"
          type="url"
          required
          value={values.youtubeEmbedUrl}
          onChange={set("youtubeEmbedUrl")}
          onBlur={(e) => convertUrl(e.target.value)}
          onPaste={onPasteUrl}
          placeholder="https://www.youtube.com/embed/..."
          hint="A youtu.be or watch link is turned into an embed link (its start time kept)."
          error={errors.youtubeEmbedUrl}
        />
        <TextAreaField id="clip-description" label="Description" rows={2} maxLength={LIMITS.description} value={values.description} onChange={set("description")} error={errors.description} />
        <TextAreaField
          id="clip-key-quote"
          label="Key Quote"
          rows={2}
          maxLength={LIMITS.keyQuote}
          value={values.keyQuote}
          onChange={set("keyQuote")}
          aside={counterText(values.keyQuote, LIMITS.keyQuote)}
          error={errors.keyQuote}
        />
        <TextField
          id="clip-slug"
          label="URL Slug"
          maxLength={LIMITS.slug}
          value={values.slug}
          onChange={set("slug")}
          placeholder={slugify(values.title) || "leave-empty-to-auto-generate"}
          hint="Leave empty to auto-generate from title."
          error={errors.slug}
        />
        <TextAreaField
          id="clip-meta"
          label="Meta Description"
          rows={2}
          maxLength={LIMITS.metaDescription}
          value={values.metaDescription}
          onChange={set("metaDescription")}
          aside={counterText(values.metaDescription, LIMITS.metaDescription)}
          error={errors.metaDescription}
        />
        <TextAreaField
          id="clip-content"
          label="Article Content"
          rows={6}
          maxLength={LIMITS.content}
          value={values.content}
          onChange={set("content")}
          hint="Separate paragraphs with a blank line. 'Speaker: words' shows the speaker in bold."
          error={errors.content}
        />
        <PublishedSwitch id="clip-published" checked={values.isPublished} onChange={(isPublished) => setValues((v) => ({ ...v, isPublished }))} />
        <FormActions submitLabel={editing ? "Update Clip" : "Add Clip"} isPending={isPending} isEditing={!!editing} onCancel={reset} />
      </form>
    </section>
  );
}
