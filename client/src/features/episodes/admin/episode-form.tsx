import { useCallback, useState } from "react";
import { Link } from "wouter";
import { href } from "@shared/routes";
import { episodeSchema, LIMITS, type Episode } from "@shared/api";
import { toSpotifyEmbedUrl } from "@shared/pasted-links";
import { UploadableLinkField } from "@/components/admin/image-upload-button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { SearchFields } from "@/components/admin/search-fields";
import { EditFromWhole, EntityFormCard, PublishedField, useEntityForm } from "@/components/admin/ui/entity-form";
import { RichTextField } from "@/components/admin/ui/rich-text-field";
import { bindField, pasteInto, submitUnlessBlank, useSchemaForm } from "@/lib/forms";
import { useAdminT } from "@/lib/i18n";
import { episodeBySlugQueryOptions } from "../api";
import { useEpisodeMutations } from "./mutations";

const EMPTY = {
  title: "",
  spotifyEmbedUrl: "",
  audioUrl: "",
  publishedAt: "",
  imageUrl: "",
  description: "",
  showNotes: "",
  slug: "",
  metaDescription: "",
  isPublished: true,
};

const valuesOf = (e: Episode) => ({
  title: e.title,
  spotifyEmbedUrl: e.spotifyEmbedUrl ?? "",
  audioUrl: e.audioUrl ?? "",
  publishedAt: e.publishedAt?.slice(0, 10) ?? "",
  imageUrl: e.imageUrl ?? "",
  description: e.description,
  showNotes: e.showNotes ?? "",
  slug: e.slug,
  metaDescription: e.metaDescription ?? "",
  isPublished: e.isPublished,
});

/**
 * docs/product.md §2 "Episodes": add mode by default, edit mode for `editing`. An episode plays
 * from its own audio file, Spotify, or both; one of the two is needed. For a feed episode, what
 * the admin changes here is theirs: later syncs leave it alone.
 */
export function EpisodeForm(props: { editing: Episode | null; onDone: () => void }) {
  // Lists leave the show notes out: never the list's copy, whose empty notes a save would write.
  return <EditFromWhole noun="episode" wholeQuery={episodeBySlugQueryOptions} Fields={EpisodeFields} {...props} />;
}

function EpisodeFields({ editing, onDone, onReload }: { editing: Episode | null; onDone: () => void; onReload?: () => void }) {
  const t = useAdminT();
  const form = useSchemaForm(episodeSchema, { defaultValues: editing ? valuesOf(editing) : EMPTY });
  // Read while rendering, so react-hook-form keeps track of them (its form state is a subscription).
  const { dirtyFields } = form.formState;
  const imageUrl = form.watch("imageUrl") as string | null | undefined;
  const [preview, setPreview] = useState<string | null>(null);
  const onUploaded = useCallback(
    (url: string, local: string | null) => {
      form.setValue("imageUrl", url, { shouldDirty: true });
      setPreview(local);
    },
    [form],
  );

  const entity = useEntityForm(form, {
    noun: "episode",
    editing,
    mutations: useEpisodeMutations(),
    focus: "title",
    empty: EMPTY,
    onDone,
    onReset: () => setPreview(null),
  });

  // A Spotify share link becomes the embed address (docs/product.md §5) once it is whole: when it
  // is pasted and when the field is left, as the clip form does with YouTube links. Dirty, so an
  // edit sends it.
  const convertSpotify = (value: string) => form.setValue("spotifyEmbedUrl", toSpotifyEmbedUrl(value), { shouldDirty: true });

  const save = form.handleSubmit((input) => {
    // Only what the admin changed is sent: that is what becomes theirs, safe from later feed syncs.
    const changed = Object.fromEntries(Object.entries(input).filter(([key]) => key in dirtyFields));
    if (editing && Object.keys(changed).length === 0) return entity.reset();
    entity.save(input, changed);
  });
  const onSubmit = submitUnlessBlank(form, ["title"], save);

  return (
    <EntityFormCard
      {...entity.card}
      intro={
        <>
          {editing?.source === "feed" ? <p className="mt-2 text-sm">{t("episodeForm.fromFeed")}</p> : null}
          {editing?.isPublished ? (
            <Link href={href.episode(editing.slug)} className="mt-2 inline-block underline">
              {t("episodeForm.viewPage")}
            </Link>
          ) : null}
        </>
      }
      onSubmit={onSubmit}
      onReload={onReload}
    >
      <TextField label={t("episodeForm.title")} required maxLength={LIMITS.title} {...bindField(form, "title")} />
      <TextField
        label={t("episodeForm.spotifyUrl")}
        type="url"
        {...bindField(form, "spotifyEmbedUrl", { onBlur: (e: { target: { value: string } }) => convertSpotify(e.target.value) })}
        onPaste={pasteInto(convertSpotify)}
        placeholder="https://open.spotify.com/embed/episode/..."
        hint={t("episodeForm.spotifyUrlHint")}
      />
      <TextField
        label={t("episodeForm.audioUrl")}
        type="url"
        {...bindField(form, "audioUrl")}
        placeholder="https://"
        hint={t("episodeForm.audioUrlHint")}
      />
      <TextField label={t("episodeForm.publishedOn")} type="date" {...bindField(form, "publishedAt")} />
      <UploadableLinkField
        label={t("episodeForm.artwork")}
        {...bindField(form, "imageUrl")}
        placeholder="https://"
        hint={t("episodeForm.artworkHint")}
        upload={{
          label: t("episodeForm.uploadArtwork"),
          id: "episode-artwork",
          title: t("episodeForm.uploadArtworkTitle"),
          uploadedToast: { title: t("episodeForm.artworkUploaded"), description: t("episodeForm.artworkUploadedDescription") },
          onUploaded,
        }}
      >
        {preview || imageUrl?.startsWith("/objects/") ? (
          <img
            src={preview ?? imageUrl ?? ""}
            alt={t("episodeForm.artworkAlt")}
            width={64}
            height={64}
            className="h-16 w-16 rounded-lg object-cover"
          />
        ) : null}
      </UploadableLinkField>
      <TextAreaField label={t("episodeForm.description")} rows={4} maxLength={LIMITS.description} {...bindField(form, "description")} />
      <RichTextField
        control={form.control}
        name="showNotes"
        label={t("episodeForm.showNotes")}
        labelNote={t("episodeForm.optional")}
        maxLength={LIMITS.showNotes}
        hint={t("episodeForm.showNotesHint")}
      />
      <SearchFields form={form} kind="episodes" pathOf={href.episode} fallbackFrom={["description"]} />
      <PublishedField id="episode-published" control={form.control} />
    </EntityFormCard>
  );
}
