import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import type { SettingKey } from "@shared/settings";
import { TextAreaField, TextField } from "@/components/ui/field";
import { toast, toastError } from "@/components/ui/toast-store";
import { adminSettingsQueryOptions, useSaveSettings, type SettingValues } from "@/lib/settings-api";
import { passwordStatusQueryOptions } from "../api";

const CONTENT_KEYS = [
  "editors_intro",
  "editors_bullet_1",
  "editors_bullet_2",
  "editors_bullet_3",
  "editors_file_1_name",
  "editors_file_1_url",
  "editors_file_2_name",
  "editors_file_2_url",
  "editors_file_3_name",
  "editors_file_3_url",
] as const satisfies readonly SettingKey[];
type ContentKey = (typeof CONTENT_KEYS)[number];

/**
 * The eleven settings of Save All (SPEC.md §7): the ten content keys, plus the access password when
 * a new one is typed (it is write-only: blank keeps the stored one). One transaction on the server.
 */
export function editorsSettingsToSave(values: Record<ContentKey, string>, newPassword: string): SettingValues {
  const out: SettingValues = { ...values };
  if (newPassword.trim()) out.editors_password = newPassword.trim();
  return out;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section className="card p-6" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

export function EditorsContentForm() {
  const settings = useQuery(adminSettingsQueryOptions());
  if (settings.isPending) return <p role="status">Loading...</p>;
  return <EditorsContentFields initial={settings.data ?? {}} />;
}

function EditorsContentFields({ initial }: { initial: SettingValues }) {
  const [values, setValues] = useState(() => Object.fromEntries(CONTENT_KEYS.map((k) => [k, initial[k] ?? ""])) as Record<ContentKey, string>);
  const [newPassword, setNewPassword] = useState("");
  const passwordStatus = useQuery(passwordStatusQueryOptions());
  const save = useSaveSettings();
  const queryClient = useQueryClient();
  const set = (key: ContentKey) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(editorsSettingsToSave(values, newPassword), {
      onSuccess: () => {
        toast({ title: "Success", description: "All editors page content has been updated" });
        setNewPassword("");
        void queryClient.invalidateQueries({ queryKey: passwordStatusQueryOptions().queryKey });
      },
      onError: () => toastError("Failed to save some settings"),
    });
  };

  const saveButton = (
    <button type="submit" className="btn" disabled={save.isPending}>
      {save.isPending ? "Saving..." : "Save All Changes"}
    </button>
  );

  return (
    <form onSubmit={onSubmit} aria-label="Editors page content">
      <div className="flex justify-end">{saveButton}</div>
      <div className="mt-4 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card title="Introduction Text">
          <TextAreaField id="editors-intro" label="Main Description" rows={8} value={values.editors_intro} onChange={set("editors_intro")} />
        </Card>
        <Card title="Job Requirements">
          {([1, 2, 3] as const).map((n) => (
            <TextField key={n} id={`editors-bullet-${n}`} label={`Bullet Point ${n}`} value={values[`editors_bullet_${n}`]} onChange={set(`editors_bullet_${n}`)} />
          ))}
        </Card>
        <Card title="Access Settings">
          <TextField
            id="editors-password"
            label="Access Password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            placeholder="Leave blank to keep the current password"
            hint={
              <>
                <span data-testid="password-status">
                  {passwordStatus.isPending ? "Checking..." : passwordStatus.data?.isSet ? "An access password is set." : "No access password is set yet."}
                </span>{" "}
                It is never shown again. Candidates unlock the files with it followed by their own digits (for example password42).
              </>
            }
          />
        </Card>
        <Card title="Audition Files">
          {([1, 2, 3] as const).map((n) => (
            <fieldset key={n} className="space-y-2">
              <legend className="font-bold">File {n}</legend>
              <TextField id={`editors-file-${n}-name`} label="Display Name" value={values[`editors_file_${n}_name`]} onChange={set(`editors_file_${n}_name`)} />
              <TextField
                id={`editors-file-${n}-url`}
                label="Google Drive URL"
                type="url"
                value={values[`editors_file_${n}_url`]}
                onChange={set(`editors_file_${n}_url`)}
                placeholder="https://drive.google.com/..."
              />
            </fieldset>
          ))}
        </Card>
      </div>
      <div className="mt-6 flex justify-end">{saveButton}</div>
    </form>
  );
}
