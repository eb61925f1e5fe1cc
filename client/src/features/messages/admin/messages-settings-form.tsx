import { useId, useState, type FormEvent } from "react";
import { TextAreaField } from "@/components/ui/field";
import { BusyButton } from "@/components/ui/form-actions";
import { Switch } from "@/components/ui/switch";
import { toast, toastError } from "@/components/ui/toast-store";
import { useSaveSettings } from "@/features/settings/admin/mutations";
import { SettingsCard } from "@/features/settings/admin/settings-card";
import { useAdminT } from "@/lib/i18n";
import { MESSAGE_LIMITS } from "@shared/messages";

/** The longest consent sentence the form takes (a sentence, not a page). */
const MAX_CONSENT_LENGTH = MESSAGE_LIMITS.consentMax;

/**
 * The owner's settings for messages: whether listeners can send them (`messages_enabled`) and the
 * sentence they must tick (`messages_consent`; empty: the site's default). Saved together through
 * the settings API.
 */
export function MessagesSettingsCard() {
  const t = useAdminT();
  return (
    <SettingsCard
      id="messages-settings"
      title={t("adminMessages.settingsTitle")}
      className="mt-6"
      form={(settings) => <MessagesSettingsForm enabled={settings.messages_enabled === "true"} consent={settings.messages_consent ?? ""} />}
    />
  );
}

function MessagesSettingsForm({ enabled: savedEnabled, consent: savedConsent }: { enabled: boolean; consent: string }) {
  const t = useAdminT();
  const id = useId();
  const [enabled, setEnabled] = useState(savedEnabled);
  const [consent, setConsent] = useState(savedConsent);
  const save = useSaveSettings();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { messages_enabled: enabled ? "true" : "false", messages_consent: consent.trim() },
      {
        onSuccess: () => toast({ title: t("settings.saved"), description: t("settings.savedDescription") }),
        onError: (error) => toastError(error.message || t("settings.saveFailed")),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Switch id={`${id}-enabled`} checked={enabled} onCheckedChange={setEnabled} />
        <label htmlFor={`${id}-enabled`} className="field-label">
          {t("adminMessages.enabled")}
        </label>
      </div>
      <p className="field-hint">{t("adminMessages.enabledHint")}</p>
      <TextAreaField
        label={t("adminMessages.consent")}
        hint={t("adminMessages.consentHint", { sentence: t("message.consentDefault") })}
        rows={2}
        maxLength={MAX_CONSENT_LENGTH}
        value={consent}
        onChange={(e) => setConsent(e.currentTarget.value)}
      />
      <BusyButton type="submit" className="btn self-start" isPending={save.isPending} busyLabel={t("adminMessages.saving")}>
        {t("adminMessages.save")}
      </BusyButton>
    </form>
  );
}
