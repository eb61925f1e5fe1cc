import { clipSchema, LIMITS, type ClipListItem } from "@shared/api";
import { toYouTubeEmbedUrl } from "@shared/pasted-links";
import { href } from "@shared/routes";
import { TextAreaField, TextField } from "@/components/ui/field";
import { SearchFields } from "@/components/admin/search-fields";
import { EditFromWhole, EntityFormCard, PublishedField, useEntityForm } from "@/components/admin/ui/entity-form";
import { bindField, countedField, pasteInto, submitUnlessBlank, useSchemaForm } from "@/lib/forms";
import { useAdminT } from "@/lib/i18n";
import { clipBySlugQueryOptions } from "../api";
import { useClipMutations } from "./mutations";

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
export function ClipForm(props: { editing: ClipListItem | null; onDone: () => void }) {
  // A list loaded before the login leaves the article out (saving it would write an empty article
  // over the real one).
  return <EditFromWhole noun="clip" wholeQuery={clipBySlugQueryOptions} Fields={ClipFields} {...props} />;
}

function ClipFields({ editing, onDone, onReload }: { editing: ClipListItem | null; onDone: () => void; onReload?: () => void }) {
  const t = useAdminT();
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

  // A youtu.be or watch?v= link becomes the embed address (docs/product.md §5) once it is whole:
  // when it is pasted and when the field is left, never while it is typed key by key.
  const convertUrl = (value: string) => form.setValue("youtubeEmbedUrl", toYouTubeEmbedUrl(value));

  const entity = useEntityForm(form, { noun: "clip", editing, mutations: useClipMutations(), focus: "title", empty: EMPTY, onDone });
  const save = form.handleSubmit((input) => entity.save(input));
  const onSubmit = submitUnlessBlank(form, ["title", "youtubeEmbedUrl"], save);

  return (
    <EntityFormCard {...entity.card} onSubmit={onSubmit} onReload={onReload}>
      <TextField label={t("clipForm.title")} required maxLength={LIMITS.title} {...bindField(form, "title")} />
      <TextField
        label={t("clipForm.youtubeUrl")}
        type="url"
        required
        {...bindField(form, "youtubeEmbedUrl", { onBlur: (e: { target: { value: string } }) => convertUrl(e.target.value) })}
        onPaste={pasteInto(convertUrl)}
        placeholder="https://www.youtube.com/embed/..."
        hint={t("clipForm.youtubeUrlHint")}
      />
      <TextAreaField label={t("clipForm.description")} rows={2} maxLength={LIMITS.description} {...bindField(form, "description")} />
      <TextAreaField
        label={t("clipForm.keyQuote")}
        rows={2}
        {...bindField(form, "keyQuote")}
        {...countedField(form, "keyQuote", LIMITS.keyQuote)}
      />
      <SearchFields form={form} kind="clips" pathOf={href.clip} fallbackFrom={["description", "keyQuote"]} />
      <TextAreaField
        label={t("clipForm.content")}
        rows={6}
        maxLength={LIMITS.content}
        {...bindField(form, "content")}
        hint={t("clipForm.contentHint")}
      />
      <PublishedField id="clip-published" control={form.control} />
    </EntityFormCard>
  );
}
