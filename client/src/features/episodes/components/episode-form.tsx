import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState, type ClipboardEvent } from "react";
import { Controller } from "react-hook-form";
import { Link } from "wouter";
import { href } from "@shared/routes";
import { episodeSchema, LIMITS, type Episode } from "@shared/api";
import { toSpotifyEmbedUrl } from "@shared/pasted-links";
import { ImageUploadButton } from "@/components/image-upload-button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { EditLoadStatus, FormActions, PublishedSwitch } from "@/components/ui/form-actions";
import { saveEntity, useStaleSave } from "@/components/ui/save-entity";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";
import { confirmDiscard } from "@/lib/navigation-guard";
import { StaleNotice } from "@/components/ui/stale-notice";
import { bindField, submitUnlessBlank, useSchemaForm } from "@/lib/forms";
import { episodeBySlugQueryOptions } from "../api";
import { useEpisodeMutations } from "../mutations";

const ARTWORK_UPLOADED = { title: "Artwork uploaded", description: "The episode's artwork has been uploaded" };
const EMPTY = {
  title: "",
  spotifyEmbedUrl: "",
  audioUrl: "",
  publishedAt: "",
  imageUrl: "",
  description: "",
  showNotes: "",
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
  isPublished: e.isPublished,
});

/**
 * docs/product.md §2 "Episodes": add mode by default, edit mode for `editing`. An episode plays
 * from its own audio file, Spotify, or both; one of the two is needed. For a feed episode, what
 * the admin changes here is theirs: later syncs leave it alone.
 */
export function EpisodeForm({ editing, onDone }: { editing: Episode | null; onDone: () => void }) {
  // Lists leave the show notes out: an edit starts from the whole episode, fetched afresh (never
  // the list's copy, whose empty notes a save would write).
  const whole = useQuery({ ...episodeBySlugQueryOptions(editing?.slug ?? ""), enabled: !!editing, refetchOnMount: "always" });
  // A reload after a conflict starts the fields again from the version it brings (and only a
  // reload: the episode read again after a save must not take the form away from its answer).
  const [reloads, setReloads] = useState(0);
  if (!editing) return <EpisodeFields editing={null} onDone={onDone} />;
  if (whole.data && whole.isFetchedAfterMount) {
    return (
      <EpisodeFields
        key={reloads}
        editing={whole.data}
        onDone={onDone}
        onReload={() => void whole.refetch().then(() => setReloads((n) => n + 1))}
      />
    );
  }
  return <EditLoadStatus noun="episode" query={whole} onCancel={onDone} />;
}

function EpisodeFields({ editing, onDone, onReload }: { editing: Episode | null; onDone: () => void; onReload?: () => void }) {
  const form = useSchemaForm(episodeSchema, { defaultValues: editing ? valuesOf(editing) : EMPTY });
  // Read while rendering, so react-hook-form keeps track of them (its form state is a subscription).
  const { dirtyFields } = form.formState;
  const { create, update } = useEpisodeMutations();
  const stale = useStaleSave();
  /** The version the fields were filled from: what a save names (see saveEntity). */
  const [version] = useState(editing?.version);
  const imageUrl = form.watch("imageUrl") as string | null | undefined;
  const [preview, setPreview] = useState<string | null>(null);
  const onUploaded = useCallback(
    (url: string, local: string | null) => {
      form.setValue("imageUrl", url, { shouldDirty: true });
      setPreview(local);
    },
    [form],
  );

  useEffect(() => {
    if (editing) form.setFocus("title");
  }, [editing, form]);

  useUnsavedChanges(form.formState.isDirty);

  // A Spotify share link becomes the embed address (docs/product.md §5) once it is whole: when it
  // is pasted and when the field is left, as the clip form does with YouTube links. Dirty, so an
  // edit sends it.
  const convertSpotify = (value: string) => form.setValue("spotifyEmbedUrl", toSpotifyEmbedUrl(value), { shouldDirty: true });
  const onPasteSpotify = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text");
    if (!pasted) return;
    event.preventDefault();
    const { selectionStart: start, selectionEnd: end, value } = event.currentTarget;
    convertSpotify(value.slice(0, start ?? value.length) + pasted.trim() + value.slice(end ?? value.length));
  };

  const reset = () => {
    form.reset(EMPTY);
    setPreview(null);
    onDone();
  };
  const cancel = () => {
    if (confirmDiscard(form.formState.isDirty)) reset();
  };

  const save = form.handleSubmit((input) => {
    // Only what the admin changed is sent: that is what becomes theirs, safe from later feed syncs.
    const changed = Object.fromEntries(Object.entries(input).filter(([key]) => key in dirtyFields));
    if (editing && Object.keys(changed).length === 0) return reset();
    saveEntity({
      noun: "episode",
      form,
      editingId: editing?.id ?? null,
      input,
      changes: changed,
      version,
      create,
      update,
      onSaved: reset,
      onStale: stale.onStale,
    });
  });
  const onSubmit = submitUnlessBlank(form, ["title"], save);

  return (
    <section className="card p-6" aria-labelledby="episode-form-heading">
      <h2 id="episode-form-heading" className="text-xl font-bold">
        {editing ? "Edit Episode" : "Add New Episode"}
      </h2>
      {editing?.source === "feed" ? (
        <p className="mt-2 text-sm">From the show's feed: what you change here stays as you set it when the feed is synced again.</p>
      ) : null}
      {editing?.isPublished ? (
        <Link href={href.episode(editing.slug)} className="mt-2 inline-block underline">
          View page
        </Link>
      ) : null}
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextField id="episode-title" label="Episode Title" required maxLength={LIMITS.title} {...bindField(form, "title")} />
        <TextField
          id="episode-url"
          label="Spotify Embed URL"
          type="url"
          {...bindField(form, "spotifyEmbedUrl", { onBlur: (e: { target: { value: string } }) => convertSpotify(e.target.value) })}
          onPaste={onPasteSpotify}
          placeholder="https://open.spotify.com/embed/episode/..."
          hint="In Spotify, open the episode, choose Share, then Copy link to episode (or Embed episode), and paste it here."
        />
        <TextField
          id="episode-audio"
          label="Audio URL"
          type="url"
          {...bindField(form, "audioUrl")}
          placeholder="https://"
          hint="The episode's audio file (MP3 or M4A), played by the site's own player. A Spotify embed URL, an audio URL, or both."
        />
        <TextField id="episode-date" label="Published on" type="date" {...bindField(form, "publishedAt")} />
        <div>
          <TextField
            id="episode-image"
            label="Artwork (Optional)"
            {...bindField(form, "imageUrl")}
            placeholder="https://"
            hint="A square image. Upload one, or give its address; the feed's artwork is used otherwise."
          />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <ImageUploadButton
              label="Upload Artwork"
              id="episode-artwork"
              title="Upload Episode Artwork"
              uploadedToast={ARTWORK_UPLOADED}
              onUploaded={onUploaded}
            />
            {preview || imageUrl?.startsWith("/objects/") ? (
              <img
                src={preview ?? imageUrl ?? ""}
                alt="The episode's artwork"
                width={64}
                height={64}
                className="h-16 w-16 rounded-lg object-cover"
              />
            ) : null}
          </div>
        </div>
        <TextAreaField
          id="episode-description"
          label="Description (Optional)"
          rows={4}
          maxLength={LIMITS.description}
          {...bindField(form, "description")}
        />
        <TextAreaField
          id="episode-notes"
          label="Show Notes (Optional)"
          rows={6}
          maxLength={LIMITS.showNotes}
          {...bindField(form, "showNotes")}
          hint="Shown on the episode's page. HTML is supported: links, paragraphs, lists and emphasis."
        />
        <Controller
          control={form.control}
          name="isPublished"
          render={({ field }) => <PublishedSwitch id="episode-published" checked={field.value ?? true} onChange={field.onChange} />}
        />
        {stale.isStale && onReload ? <StaleNotice noun="episode" onReload={onReload} onOverwrite={stale.overwrite} /> : null}
        <FormActions
          submitLabel={editing ? "Update Episode" : "Add Episode"}
          isPending={create.isPending || update.isPending}
          isEditing={!!editing}
          onCancel={cancel}
        />
      </form>
    </section>
  );
}
