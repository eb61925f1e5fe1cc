import { useEffect, useState, type ClipboardEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { clipSchema, LIMITS, type ClipListItem } from "@shared/api";
import { toYouTubeEmbedUrl } from "@shared/pasted-links";
import { slugify } from "@shared/slug";
import { TextAreaField, TextField } from "@/components/ui/field";
import { EditLoadStatus, FormActions, PublishedSwitch } from "@/components/ui/form-actions";
import { saveEntity, useStaleSave } from "@/components/ui/save-entity";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";
import { confirmDiscard } from "@/lib/navigation-guard";
import { StaleNotice } from "@/components/ui/stale-notice";
import { bindField, countedField, submitUnlessBlank, useSchemaForm } from "@/lib/forms";
import { clipBySlugQueryOptions } from "../api";
import { useClipMutations } from "../mutations";

const EMPTY = {
  title: "",
  youtubeEmbedUrl: "",
  description: "",
  keyQuote: "",
  slug: "",
  metaDescription: "",
  content: "",
  isPublished: true,
};

/**
 * docs/product.md §2 "Clips" form, §5 rules. The shared schema trims, converts a YouTube link and
 * checks the limits; an empty slug is made from the title by the server.
 */
export function ClipForm({ editing, onDone }: { editing: ClipListItem | null; onDone: () => void }) {
  // An edit starts from the whole clip, fetched afresh: a list loaded before the login leaves the
  // article out (saving it would write an empty article over the real one), and any list may be
  // older than the clip's latest version.
  const whole = useQuery({ ...clipBySlugQueryOptions(editing?.slug ?? ""), enabled: !!editing, refetchOnMount: "always" });
  // A reload after a conflict starts the fields again from the version it brings (only a reload:
  // the clip read again after a save must not take the form away from its answer).
  const [reloads, setReloads] = useState(0);
  if (!editing) return <ClipFields editing={null} onDone={onDone} />;
  if (whole.data && whole.isFetchedAfterMount) {
    return (
      <ClipFields
        key={reloads}
        editing={whole.data}
        onDone={onDone}
        onReload={() => void whole.refetch().then(() => setReloads((n) => n + 1))}
      />
    );
  }
  return <EditLoadStatus noun="clip" query={whole} onCancel={onDone} />;
}

function ClipFields({ editing, onDone, onReload }: { editing: ClipListItem | null; onDone: () => void; onReload?: () => void }) {
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
  const title = form.watch("title");
  const { create, update } = useClipMutations();
  const stale = useStaleSave();
  /** The version the fields were filled from: what a save names (see saveEntity). */
  const [version] = useState(editing?.version);

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

  useUnsavedChanges(form.formState.isDirty);
  const reset = () => {
    form.reset(EMPTY);
    onDone();
  };
  const cancel = () => {
    if (confirmDiscard(form.formState.isDirty)) reset();
  };

  const save = form.handleSubmit((input) =>
    saveEntity({
      noun: "clip",
      form,
      editingId: editing?.id ?? null,
      input,
      version,
      create,
      update,
      onSaved: reset,
      onStale: stale.onStale,
    }),
  );
  const onSubmit = submitUnlessBlank(form, ["title", "youtubeEmbedUrl"], save);

  return (
    <section className="card p-6" aria-labelledby="clip-form-heading">
      <h2 id="clip-form-heading" className="text-xl font-bold">
        {editing ? "Edit Clip" : "Add New Clip"}
      </h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextField id="clip-title" label="Clip Title" required maxLength={LIMITS.title} {...bindField(form, "title")} />
        <TextField
          id="clip-url"
          label="YouTube Embed URL"
          type="url"
          required
          {...bindField(form, "youtubeEmbedUrl", { onBlur: (e: { target: { value: string } }) => convertUrl(e.target.value) })}
          onPaste={onPasteUrl}
          placeholder="https://www.youtube.com/embed/..."
          hint="A youtu.be or watch link is turned into an embed link (its start time kept)."
        />
        <TextAreaField
          id="clip-description"
          label="Description"
          rows={2}
          maxLength={LIMITS.description}
          {...bindField(form, "description")}
        />
        <TextAreaField
          id="clip-key-quote"
          label="Key Quote"
          rows={2}
          {...bindField(form, "keyQuote")}
          {...countedField(form, "keyQuote", LIMITS.keyQuote)}
        />
        <TextField
          id="clip-slug"
          label="URL Slug"
          maxLength={LIMITS.slug}
          {...bindField(form, "slug")}
          placeholder={slugify(title ?? "") || "leave-empty-to-auto-generate"}
          hint="Leave empty to auto-generate from title."
        />
        <TextAreaField
          id="clip-meta"
          label="Meta Description"
          rows={2}
          {...bindField(form, "metaDescription")}
          {...countedField(form, "metaDescription", LIMITS.metaDescription)}
        />
        <TextAreaField
          id="clip-content"
          label="Article Content"
          rows={6}
          maxLength={LIMITS.content}
          {...bindField(form, "content")}
          hint="Separate paragraphs with a blank line. 'Speaker: words' shows the speaker in bold."
        />
        <Controller
          control={form.control}
          name="isPublished"
          render={({ field }) => <PublishedSwitch id="clip-published" checked={field.value ?? true} onChange={field.onChange} />}
        />
        {stale.isStale && onReload ? <StaleNotice noun="clip" onReload={onReload} onOverwrite={stale.overwrite} /> : null}
        <FormActions
          submitLabel={editing ? "Update Clip" : "Add Clip"}
          isPending={create.isPending || update.isPending}
          isEditing={!!editing}
          onCancel={cancel}
        />
      </form>
    </section>
  );
}
