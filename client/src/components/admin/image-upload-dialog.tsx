import { useUppyLocale } from "@/lib/uppy-locale";
import AwsS3 from "@uppy/aws-s3";
import Uppy from "@uppy/core";
import { useUppyEvent } from "@uppy/react";
import Dashboard from "@uppy/react/dashboard";
import { useCallback, useEffect, useState } from "react";
import { LIMITS } from "@shared/api";
import { Dialog, DialogContent, useEscapeCloses } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast-store";
import { useAdminT } from "@/lib/i18n";
import { refusalOf, requestUploadUrl, uploadErrorMessage, type UploadProblem } from "./upload-rules";
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";

/** The chosen image as a data URL, for the form's preview before the provider is saved. */
function readAsDataUrl(data: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(data);
  });
}

/**
 * The image uploader (docs/product.md §4, §5, §9): one file, 5 MB, a single PUT to the address
 * the server hands out (no multipart). Pausing a single PUT would only start it again, so the
 * dashboard has no pause or resume buttons; retry and cancel stay. This module, Uppy included,
 * loads only when the dialog first opens.
 */
function createUppy(id: string, onRefused: (problem: UploadProblem) => void) {
  return new Uppy({
    id,
    autoProceed: false,
    restrictions: { maxNumberOfFiles: 1 },
    // The bytes decide on the server; this says why a file is refused before it is sent.
    onBeforeFileAdded: (file) => {
      const refusal = refusalOf({ name: file.name ?? "", type: file.type ?? "", size: file.size ?? 0 }, LIMITS.uploadBytes);
      if (refusal) onRefused(refusal);
      return refusal === null;
    },
  }).use(AwsS3, {
    shouldUseMultipart: false,
    signRequest: async (request) => {
      const { uploadURL } = await requestUploadUrl();
      const headers: Record<string, string> = {};
      if ("contentType" in request && typeof request.contentType === "string") headers["content-type"] = request.contentType;
      // Uppy reads the upload's location with new URL(), so it needs an absolute address.
      return { method: "PUT", url: new URL(uploadURL, window.location.origin).href, headers };
    },
  });
}

export default function ImageUploadDialog({
  id,
  title,
  uploadedToast,
  open,
  onOpenChange,
  onUploaded,
}: {
  /** Names this uploader (one Uppy instance each). */
  id: string;
  title: string;
  /** The success toast: its title and description. */
  uploadedToast: { title: string; description: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The uploaded image's address (what the server stores) and a local preview of it. */
  onUploaded: (url: string, preview: string | null) => void;
}) {
  /** Why the last file was refused or failed; cleared by the next file, a success or closing. */
  const t = useAdminT();
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [uppy] = useState(() => createUppy(id, setProblem));
  useUppyLocale(uppy);

  useUppyEvent(uppy, "file-added", () => setProblem(null));
  useUppyEvent(uppy, "upload-success", (file, response) => {
    if (!response?.uploadURL) return;
    setProblem(null);
    uppy.hideInfo();
    // The upload address is what the spec stores; the server turns it into /objects/{id} on save.
    const location = new URL(response.uploadURL, window.location.origin);
    const icon = location.origin === window.location.origin ? location.pathname : location.href;
    const data = file?.data;
    void (data instanceof Blob ? readAsDataUrl(data) : Promise.resolve(null)).then((preview) => onUploaded(icon, preview));
    toast(uploadedToast);
  });
  useUppyEvent(uppy, "upload-error", (_file, error, response) => {
    const failure = error as Error & { status?: number; body?: unknown };
    setProblem(
      uploadErrorMessage({ status: failure.status ?? response?.status, body: failure.body, name: failure.name, message: failure.message }),
    );
    // Uppy's own notice would repeat it in its words ("S3 returned 415"): ours says it.
    uppy.hideInfo();
  });

  useEffect(() => () => uppy.destroy(), [uppy]);

  /** Closes the dialog once its file has arrived: the form has the picture already. */
  const finish = useCallback(() => {
    uppy.clear();
    setProblem(null);
    onOpenChange(false);
  }, [uppy, onOpenChange]);
  /**
   * The owner leaves the dialog (Escape, the close button, outside it): a file chosen and not
   * sent, or one that failed, is dropped, and an upload under way is cancelled; either way a
   * toast says that the picture was not added, so the form's empty picture is no surprise.
   */
  const leave = useCallback(() => {
    const pending = uppy.getFiles().filter((file) => !file.progress.uploadComplete);
    const sending = pending.some((file) => file.progress.uploadStarted && !file.error);
    if (sending) uppy.cancelAll();
    else uppy.clear();
    setProblem(null);
    onOpenChange(false);
    if (sending) toast({ title: t("imageUpload.cancelledTitle"), description: t("imageUpload.notAddedDescription") });
    else if (pending.length > 0) toast({ title: t("imageUpload.notUploadedTitle"), description: t("imageUpload.notAddedDescription") });
  }, [uppy, onOpenChange, t]);
  // docs/product.md "The owner's work": the dialog closes by itself once its file has arrived (after
  // Uppy's upload has finished, as clearing it during one throws).
  useUppyEvent(uppy, "complete", (result) => {
    if ((result.successful?.length ?? 0) > 0) finish();
  });
  // Escape closes the dialog even while Uppy or a toast would take the key first.
  useEscapeCloses(open, leave);

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : leave())}>
      <DialogContent title={title} description={t("imageUpload.description")}>
        {problem ? (
          <p role="alert" className="mb-3 rounded-lg bg-danger-soft px-3 py-2 font-semibold text-danger">
            {t(problem.key, problem.values)}
          </p>
        ) : null}
        <Dashboard
          uppy={uppy}
          proudlyDisplayPoweredByUppy={false}
          hidePauseResumeButton
          height={320}
          width="100%"
          note={t("imageUpload.note")}
          doneButtonHandler={finish}
        />
      </DialogContent>
    </Dialog>
  );
}
