import { useQuery } from "@tanstack/react-query";
import type { SiteImages } from "@shared/identity";
import { SavedDataStatus, useSavedDataState } from "@/components/admin/ui/saved-data-status";
import { toast, toastError } from "@/components/ui/toast-store";
import { AdminCard } from "@/components/admin/ui/admin-card";
import { savedIdentityQueryOptions } from "../api";
import { useSaveImages } from "./mutations";
import { ImageField } from "./image-field";

const FIELDS: {
  key: keyof SiteImages;
  label: string;
  hint: string;
  empty: string;
  kind: "banner-desktop" | "banner-mobile" | "artwork";
}[] = [
  {
    key: "bannerDesktop",
    label: "Desktop banner",
    hint: "Shown at the top of the home and audition pages on screens 1024 px or wider: a wide image (10:3), about 2400 × 720.",
    empty: "None yet: the site's own banner is shown.",
    kind: "banner-desktop",
  },
  {
    key: "bannerMobile",
    label: "Mobile banner",
    hint: "The same on phones and tablets: 10:7, about 1200 × 840.",
    empty: "None yet: the site's own banner is shown.",
    kind: "banner-mobile",
  },
  {
    key: "artwork",
    label: "Show artwork",
    hint: "Square, as podcast apps show it: the site's icon and its picture when a page is shared.",
    empty: "None yet: the site's own icon is shown.",
    kind: "artwork",
  },
];

const IMAGE_UPLOADED = { title: "Image uploaded", description: "Saving it..." };

/**
 * The show's pictures: each saved as soon as it is uploaded or taken away. Shown only from a copy
 * fetched since the screen opened, as the About form beside it is.
 */
export function SiteImagesForm() {
  const identity = useQuery(savedIdentityQueryOptions());
  const state = useSavedDataState(identity, { fresh: true });
  const save = useSaveImages();
  const images = state === "ready" ? identity.data?.images : undefined;
  const change = (key: keyof SiteImages, value: string | null) =>
    save.mutate(
      { [key]: value ?? "" },
      {
        onSuccess: () => toast({ title: "Pictures saved", description: "Visitors see them at once" }),
        onError: () => toastError("Failed to save the pictures"),
      },
    );
  return (
    <AdminCard id="images" title="Pictures">
      {!images ? (
        <SavedDataStatus
          query={identity}
          state={state === "failed" ? "failed" : "loading"}
          failed="The pictures could not be loaded."
          className="mt-4"
        />
      ) : (
        <div className="mt-4 space-y-6">
          {FIELDS.map((f) => (
            <ImageField
              key={f.key}
              label={f.label}
              hint={f.hint}
              empty={f.empty}
              kind={f.kind}
              value={images[f.key]}
              onChange={(value) => change(f.key, value)}
              uploadedToast={IMAGE_UPLOADED}
            />
          ))}
        </div>
      )}
    </AdminCard>
  );
}
