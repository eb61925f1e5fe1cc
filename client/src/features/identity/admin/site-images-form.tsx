import { useQuery } from "@tanstack/react-query";
import type { SiteImages } from "@shared/identity";
import { SavedDataStatus, useSavedDataState } from "@/components/admin/ui/saved-data-status";
import { toast, toastError } from "@/components/ui/toast-store";
import { AdminCard } from "@/components/admin/ui/admin-card";
import { useAdminT, type AdminKey } from "@/lib/i18n";
import { savedIdentityQueryOptions } from "../api";
import { useSaveImages } from "./mutations";
import { ImageField } from "./image-field";

const FIELDS: {
  key: keyof SiteImages;
  label: AdminKey;
  hint: AdminKey;
  empty: AdminKey;
  kind: "banner-desktop" | "banner-mobile" | "artwork";
}[] = [
  {
    key: "bannerDesktop",
    label: "adminIdentity.bannerDesktopLabel",
    hint: "adminIdentity.bannerDesktopHint",
    empty: "adminIdentity.bannerEmpty",
    kind: "banner-desktop",
  },
  {
    key: "bannerMobile",
    label: "adminIdentity.bannerMobileLabel",
    hint: "adminIdentity.bannerMobileHint",
    empty: "adminIdentity.bannerEmpty",
    kind: "banner-mobile",
  },
  {
    key: "artwork",
    label: "adminIdentity.artworkLabel",
    hint: "adminIdentity.artworkHint",
    empty: "adminIdentity.artworkEmpty",
    kind: "artwork",
  },
];

/**
 * The show's pictures: each saved as soon as it is uploaded or taken away. Shown only from a copy
 * fetched since the screen opened, as the About form beside it is.
 */
export function SiteImagesForm() {
  const t = useAdminT();
  const identity = useQuery(savedIdentityQueryOptions());
  const state = useSavedDataState(identity, { fresh: true });
  const save = useSaveImages();
  const images = state === "ready" ? identity.data?.images : undefined;
  const change = (key: keyof SiteImages, value: string | null) =>
    save.mutate(
      { [key]: value ?? "" },
      {
        onSuccess: () => toast({ title: t("adminIdentity.picturesSavedTitle"), description: t("adminIdentity.picturesSavedDescription") }),
        onError: () => toastError(t("adminIdentity.picturesSaveFailed")),
      },
    );
  return (
    <AdminCard id="images" title={t("adminIdentity.picturesTitle")}>
      {!images ? (
        <SavedDataStatus
          query={identity}
          state={state === "failed" ? "failed" : "loading"}
          failed={t("adminIdentity.picturesLoadFailed")}
          className="mt-4"
        />
      ) : (
        <div className="mt-4 space-y-6">
          {FIELDS.map((f) => (
            <ImageField
              key={f.key}
              label={t(f.label)}
              hint={t(f.hint)}
              empty={t(f.empty)}
              kind={f.kind}
              value={images[f.key]}
              onChange={(value) => change(f.key, value)}
              uploadedToast={{ title: t("adminIdentity.imageUploaded"), description: t("adminIdentity.imageSaving") }}
            />
          ))}
        </div>
      )}
    </AdminCard>
  );
}
