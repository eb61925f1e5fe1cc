import { lazy, Suspense, useState, type ComponentProps } from "react";

const ImageUploadDialog = lazy(() => import("./image-upload-dialog"));

type DialogProps = ComponentProps<typeof ImageUploadDialog>;

/**
 * A button that opens the image uploader. The uploader (Uppy and its styles) loads when the
 * button is first pressed and stays mounted after, so closing and opening it again is instant.
 */
export function ImageUploadButton({ label, ...dialog }: { label: string } & Omit<DialogProps, "open" | "onOpenChange">) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        {label}
      </button>
      {hasOpened ? (
        <Suspense fallback={<p role="status">Loading...</p>}>
          <ImageUploadDialog {...dialog} open={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
