import AwsS3 from "@uppy/aws-s3";
import Uppy from "@uppy/core";
import Dashboard from "@uppy/react/dashboard";
import { useEffect, useState } from "react";
import { LIMITS } from "@shared/api";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast-store";
import { requestUploadUrl } from "../api";
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";

/**
 * The icon uploader (SPEC.md §4, §5, §9): one file, 5 MB, a single PUT to the address the server
 * hands out (no multipart). Uppy's dashboard shows the file states and its pause, resume, retry
 * and cancel controls. This module, Uppy included, loads only when the dialog first opens.
 */
function createUppy() {
  return new Uppy({
    id: "provider-icon",
    autoProceed: false,
    restrictions: { maxNumberOfFiles: 1, maxFileSize: LIMITS.uploadBytes },
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

export default function IconUploadDialog({
  open,
  onOpenChange,
  onUploaded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded: (icon: string) => void;
}) {
  const [uppy] = useState(createUppy);

  useEffect(() => {
    const onSuccess = (_file: unknown, response: { uploadURL?: string }) => {
      if (!response.uploadURL) return;
      // The upload address is what the spec stores; the server turns it into /objects/{id} on save.
      const location = new URL(response.uploadURL, window.location.origin);
      onUploaded(location.origin === window.location.origin ? location.pathname : location.href);
      toast({ title: "Icon uploaded", description: "The provider icon has been uploaded successfully" });
    };
    uppy.on("upload-success", onSuccess);
    return () => {
      uppy.off("upload-success", onSuccess);
    };
  }, [uppy, onUploaded]);

  useEffect(() => () => uppy.destroy(), [uppy]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) uppy.clear();
        onOpenChange(next);
      }}
    >
      <DialogContent title="Upload Provider Icon" description="PNG, JPG or SVG, one file of up to 5 MB.">
        <Dashboard
          uppy={uppy}
          proudlyDisplayPoweredByUppy={false}
          height={320}
          width="100%"
          note="PNG, JPG or SVG, up to 5 MB"
          doneButtonHandler={() => {
            uppy.clear();
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
