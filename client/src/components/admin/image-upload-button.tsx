import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from "react";
import { useAdminT } from "@/lib/i18n";
import { TextField } from "../ui/field";

const ImageUploadDialog = lazy(() => import("./image-upload-dialog"));

type DialogProps = ComponentProps<typeof ImageUploadDialog>;

/**
 * A button that opens the image uploader. The uploader (Uppy and its styles) loads when the
 * button is first pressed and stays mounted after, so closing and opening it again is instant.
 */
export function ImageUploadButton({ label, ...dialog }: { label: string } & Omit<DialogProps, "open" | "onOpenChange">) {
  // Never opened: nothing loaded yet. Once opened, the uploader stays mounted, open or closed.
  const [shown, setShown] = useState<"never" | "open" | "closed">("never");
  const t = useAdminT();
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={() => setShown("open")}>
        {label}
      </button>
      {shown === "never" ? null : (
        <Suspense fallback={<p role="status">{t("imageUpload.loading")}</p>}>
          <ImageUploadDialog {...dialog} open={shown === "open"} onOpenChange={(open) => setShown(open ? "open" : "closed")} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A link field with the uploader's button under it, for a picture given either way: by its address
 * or uploaded (`upload.onUploaded` puts the upload's address in the field). `children`, a preview
 * of the picture, sits beside the button.
 */
export function UploadableLinkField({
  upload,
  children,
  ...field
}: ComponentProps<typeof TextField> & { upload: ComponentProps<typeof ImageUploadButton>; children?: ReactNode }) {
  return (
    <div>
      <TextField {...field} />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <ImageUploadButton {...upload} />
        {children}
      </div>
    </div>
  );
}
