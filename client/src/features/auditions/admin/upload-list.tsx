import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { UPLOAD_IDLE_MINUTES, type UploadUnderway } from "@shared/auditions";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { toast, toastError } from "@/components/ui/toast-store";
import { localDate } from "@/lib/dates";
import { uploadsUnderwayQueryOptions } from "../api";
import { fileSize } from "./format";
import { useDeleteUpload } from "./mutations";

const DELETE_UPLOAD_CONFIRM = "Delete this upload under way? The candidate's browser will have to hand the file in again.";
const percent = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 0 });

function UploadItem({ upload }: { upload: UploadUnderway }) {
  const remove = useDeleteUpload();
  const nameId = useId();
  const share = upload.size > 0 ? Math.min(1, upload.receivedBytes / upload.size) : 0;
  return (
    <li className="card flex flex-col gap-2 p-4" aria-labelledby={nameId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={nameId} className="font-bold break-words" dir="auto">
          {upload.name}
        </h3>
        <span className="text-sm">Candidate {upload.code}</span>
      </div>
      <p className="text-sm break-words">
        <span dir="auto">{upload.fileName}</span> · started {localDate(upload.startedAt, true)}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <progress className="h-2 min-w-40 flex-1" max={1} value={share} aria-labelledby={`${nameId}-bytes`} />
        <span id={`${nameId}-bytes`} className="shrink-0 text-sm">
          {fileSize(upload.receivedBytes)} of {fileSize(upload.size)} ({percent.format(share)})
        </span>
      </div>
      <div>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(DELETE_UPLOAD_CONFIRM)) return;
            remove.mutate(upload.id, {
              onSuccess: () => toast({ title: "Upload deleted", description: `${upload.name}'s upload is gone and its space is free.` }),
              onError: (error) => toastError(error.message || "Failed to delete the upload"),
            });
          }}
        >
          Delete<span className="sr-only">: {upload.name}'s upload under way</span>
        </button>
      </div>
    </li>
  );
}

/**
 * Uploads under way (docs/product.md "No one can block or spoil the hand-in"): each holds its declared
 * size of the inbox until it is handed in, deleted here, or receives nothing for 15 minutes.
 */
export function UploadList() {
  const list = useQuery(uploadsUnderwayQueryOptions());
  const uploads = list.data ?? [];
  return (
    <AdminCard
      id="uploads-underway"
      title={`Uploads under way (${uploads.length})`}
      className="mt-6"
      actions={
        <button type="button" className="btn btn-ghost" onClick={() => void list.refetch()}>
          Refresh
        </button>
      }
    >
      <p className="mt-2 text-sm">
        Each holds its file's size in the inbox until it is handed in. One that receives nothing for {UPLOAD_IDLE_MINUTES} minutes is
        dropped by itself.
      </p>
      <ListStates isPending={list.isPending} isEmpty={uploads.length === 0} empty={<p className="mt-4">No uploads are under way.</p>}>
        <ul className="mt-4 flex flex-col gap-4">
          {uploads.map((upload) => (
            <UploadItem key={upload.id} upload={upload} />
          ))}
        </ul>
      </ListStates>
    </AdminCard>
  );
}
