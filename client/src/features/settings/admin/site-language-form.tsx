import { useId, useState, type FormEvent } from "react";
import { siteLanguageOf, type LanguageTag } from "@shared/languages";
import { LanguageSelect } from "@/components/admin/language-select";
import { FieldFrame } from "@/components/ui/field";
import { BusyButton } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { useAdminT } from "@/lib/i18n";
import { useSaveSiteLanguage } from "./mutations";
import { SettingsCard } from "./settings-card";

/** How long the saved toast shows before the page loads again in the new language. */
const RELOAD_AFTER_MS = 1500;

/**
 * The site's language (the setting `site_language`; empty is English): the visitors' pages, and the
 * admin area of anyone who has not chosen their own. Saved with its own button, never as the
 * choice moves (a keyboard's arrows move through the options); once saved, the page loads again,
 * so every word of it, the admin area's included, comes in the new language.
 */
export function SiteLanguageCard() {
  const t = useAdminT();
  return (
    <SettingsCard
      id="site-language"
      title={t("siteLanguage.title")}
      form={(settings) => <SiteLanguageForm saved={siteLanguageOf(settings.site_language)} />}
    />
  );
}

function SiteLanguageForm({ saved }: { saved: LanguageTag }) {
  const t = useAdminT();
  const id = useId();
  const [tag, setTag] = useState<LanguageTag>(saved);
  const [isReloading, setReloading] = useState(false);
  const save = useSaveSiteLanguage();
  const hint = t("siteLanguage.hint");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(tag, {
      onSuccess: () => {
        toast({ title: t("settings.saved"), description: t("settings.savedDescription") });
        setReloading(true);
        window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
      },
      onError: () => toastError(t("settings.saveFailed")),
    });
  };

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4">
      <FieldFrame id={id} label={t("siteLanguage.label")} hint={hint}>
        <LanguageSelect id={id} hint={hint} value={tag} onChange={(next) => setTag(next as LanguageTag)} />
      </FieldFrame>
      <BusyButton type="submit" isPending={save.isPending || isReloading} busyLabel={t("siteLanguage.saving")}>
        {t("siteLanguage.save")}
      </BusyButton>
    </form>
  );
}
