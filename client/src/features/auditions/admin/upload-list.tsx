import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { UPLOAD_IDLE_MINUTES, type UploadUnderway } from "@shared/auditions";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { toast, toastError } from "@/components/ui/toast-store";
import { localDate } from "@/lib/dates";
import { useAdminT, useLocale } from "@/lib/i18n";
import { uploadsUnderwayQueryOptions } from "../api";
import { fileSize } from "./format";
import { useDeleteUpload } from "./mutations";

function UploadItem({ upload }: { upload: UploadUnderway }) {
  const remove = useDeleteUpload();
  const nameId = useId();
  const t = useAdminT();
  const locale = useLocale();
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  // The candidate's words go in as elements, so nothing in them is read as the message's markup.
  const name = <>{upload.name}</>;
  const share = upload.size > 0 ? Math.min(1, upload.receivedBytes / upload.size) : 0;
  return (
    <li className="card flex flex-col gap-2 p-4" aria-labelledby={nameId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={nameId} className="font-bold break-words" dir="auto">
          {upload.name}
        </h3>
        <span className="text-sm">{t("adminAuditions.candidate", { code: upload.code })}</span>
      </div>
      <p className="text-sm break-words">
        <Trans
          id="adminAuditions.uploadStarted"
          values={{ file: <>{upload.fileName}</>, time: localDate(upload.startedAt, true, locale) }}
          components={{ 0: <span dir="auto" /> }}
        />
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <progress className="h-2 min-w-40 flex-1" max={1} value={share} aria-labelledby={`${nameId}-bytes`} />
        <span id={`${nameId}-bytes`} className="shrink-0 text-sm">
          {t("adminAuditions.uploadProgress", {
            received: fileSize(upload.receivedBytes, t, locale),
            total: fileSize(upload.size, t, locale),
            percent: percent.format(share),
          })}
        </span>
      </div>
      <div>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(t("adminAuditions.deleteUploadConfirm"))) return;
            remove.mutate(upload.id, {
              onSuccess: () =>
                toast({
                  title: t("adminAuditions.uploadDeletedTitle"),
                  description: t("adminAuditions.uploadDeletedDescription", { name: upload.name }),
                }),
              onError: (error) => toastError(error.message || t("adminAuditions.deleteUploadFailed")),
            });
          }}
        >
          <Trans id="adminAuditions.deleteUpload" values={{ name }} components={{ 0: <span className="sr-only" /> }} />
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
  const t = useAdminT();
  const list = useQuery(uploadsUnderwayQueryOptions());
  const uploads = list.data ?? [];
  return (
    <AdminCard
      id="uploads-underway"
      title={t("adminAuditions.uploadsTitle", { count: uploads.length })}
      className="mt-6"
      actions={
        <button type="button" className="btn btn-ghost" onClick={() => void list.refetch()}>
          {t("adminAuditions.refresh")}
        </button>
      }
    >
      <p className="mt-2 text-sm">{t("adminAuditions.uploadsIntro", { minutes: UPLOAD_IDLE_MINUTES })}</p>
      <ListStates
        isPending={list.isPending}
        isEmpty={uploads.length === 0}
        empty={<p className="mt-4">{t("adminAuditions.uploadsEmpty")}</p>}
      >
        <ul className="mt-4 flex flex-col gap-4">
          {uploads.map((upload) => (
            <UploadItem key={upload.id} upload={upload} />
          ))}
        </ul>
      </ListStates>
    </AdminCard>
  );
}
