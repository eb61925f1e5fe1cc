import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { catalogueLanguage } from "@shared/languages";
import { LanguageSelect } from "@/components/admin/language-select";
import { AdminCard } from "@/components/admin/ui/admin-card";
import { FieldFrame } from "@/components/ui/field";
import { BusyButton } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { apiClient } from "@/lib/api-client";
import { useAdminT } from "@/lib/i18n";
import { useSingleMutation } from "@/lib/single-mutation";
import { myLanguageKey, myLanguageQueryOptions } from "../api";

/** Keeps the signed-in person's own language (PUT /api/languages/mine); the admin area changes to it at once. */
function useSaveMyLanguage() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (language: string | null) => apiClient.put<{ language: string | null }>("/api/languages/mine", { language }),
    onSuccess: (saved) => queryClient.setQueryData(myLanguageKey, saved),
  });
}

/**
 * The signed-in person's own language for the admin area, or the site's ("Same as the site"):
 * the pages visitors see keep the site's language.
 */
export function MyLanguageCard() {
  const t = useAdminT();
  const mine = useQuery(myLanguageQueryOptions(true));
  return (
    <AdminCard id="my-language" title={t("myLanguage.title")}>
      {mine.isSuccess ? <MyLanguageForm saved={catalogueLanguage(mine.data.language) ?? ""} /> : <p role="status">{t("common.loading")}</p>}
    </AdminCard>
  );
}

function MyLanguageForm({ saved }: { saved: string }) {
  const t = useAdminT();
  const id = useId();
  const [tag, setTag] = useState(saved);
  const save = useSaveMyLanguage();
  const hint = t("myLanguage.hint");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(tag === "" ? null : tag, {
      onSuccess: () => toast({ title: t("myLanguage.saved") }),
      onError: () => toastError(t("myLanguage.saveFailed")),
    });
  };
  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4">
      <FieldFrame id={id} label={t("myLanguage.label")} hint={hint}>
        <LanguageSelect id={id} hint={hint} value={tag} onChange={setTag} none={t("myLanguage.sameAsSite")} />
      </FieldFrame>
      <BusyButton type="submit" isPending={save.isPending} busyLabel={t("myLanguage.saving")}>
        {t("myLanguage.save")}
      </BusyButton>
    </form>
  );
}
