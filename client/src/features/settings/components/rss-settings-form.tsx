import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { TextAreaField, TextField } from "@/components/ui/field";
import { toast, toastError } from "@/components/ui/toast-store";
import { adminSettingsQueryOptions, useSaveSettings, type SettingValues } from "@/lib/settings-api";

/** The four settings this form saves together (SPEC.md §7). */
type RssKey = "rss_url" | "podcast_title" | "podcast_description" | "footer_content";

/** SPEC.md §2 "RSS Feed Management", filled from the stored settings. */
export function RssSettingsCard() {
  const settings = useQuery(adminSettingsQueryOptions());
  return (
    <section className="card p-6" aria-labelledby="rss-heading">
      <h2 id="rss-heading" className="text-xl font-bold">
        RSS Feed Management
      </h2>
      {settings.isPending ? (
        <p className="mt-4" role="status">
          Loading...
        </p>
      ) : (
        <RssSettingsForm initial={settings.data ?? {}} />
      )}
    </section>
  );
}

function RssSettingsForm({ initial }: { initial: SettingValues }) {
  const [values, setValues] = useState<Record<RssKey, string>>(() => ({
    rss_url: initial.rss_url ?? "",
    podcast_title: initial.podcast_title ?? "",
    podcast_description: initial.podcast_description ?? "",
    footer_content: initial.footer_content ?? "",
  }));
  const save = useSaveSettings();
  const set = (key: RssKey) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => toast({ title: "Settings saved", description: "Your settings have been updated successfully" }),
      onError: () => toastError("Failed to save settings"),
    });
  };

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4">
      <TextField id="rss-url" label="Main RSS Feed URL" type="url" value={values.rss_url} onChange={set("rss_url")} placeholder="https://" />
      <TextField id="podcast-title" label="Feed Title" value={values.podcast_title} onChange={set("podcast_title")} />
      <TextAreaField id="podcast-description" label="Feed Description" rows={3} value={values.podcast_description} onChange={set("podcast_description")} />
      <TextAreaField
        id="footer-content"
        label="Footer Content"
        rows={2}
        value={values.footer_content}
        onChange={set("footer_content")}
        hint="This footer will appear on all pages. HTML is supported."
      />
      <button type="submit" className="btn" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Update RSS Settings"}
      </button>
    </form>
  );
}
