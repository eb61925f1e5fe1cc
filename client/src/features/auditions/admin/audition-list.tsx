import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { AUDITION_STATUSES, type Audition, type AuditionStatus } from "@shared/auditions";
import { formatClock } from "@shared/time";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { toast, toastError } from "@/components/ui/toast-store";
import { localDate } from "@/lib/dates";
import { useAdminT, useLocale, type AdminKey } from "@/lib/i18n";
import { auditionFileUrl, auditionsQueryOptions } from "../api";
import { useDeleteAudition, useSetAuditionStatus } from "./mutations";
import { fileSize } from "./format";
import { UploadList } from "./upload-list";
import { CandidateNoteDialog, useMailIsSetUp, useNoteTemplate } from "./candidate-note";

const STATUS_LABELS: Record<AuditionStatus, AdminKey> = {
  new: "adminAuditions.statusNew",
  shortlisted: "adminAuditions.statusShortlisted",
  declined: "adminAuditions.statusDeclined",
};

function AuditionCard({ audition, player }: { audition: Audition; player: (audition: Audition) => ReactNode }) {
  const setStatus = useSetAuditionStatus();
  const remove = useDeleteAudition();
  const statusId = useId();
  const t = useAdminT();
  // After a shortlisting or a decline, when the site sends e-mail: a note to the candidate, offered.
  const mailIsSetUp = useMailIsSetUp();
  // The status the owner chose last: a note is offered only for that one, even when e-mail's answer comes late.
  const chosen = useRef<AuditionStatus | null>(null);
  const template = useNoteTemplate();
  const [note, setNote] = useState<string | null>(null);
  const locale = useLocale();
  const time = localDate(audition.createdAt, true, locale);
  const facts = [
    fileSize(audition.size, t, locale),
    audition.durationSeconds ? formatClock(audition.durationSeconds) : null,
    t("adminAuditions.handedIn", { time }),
  ].filter(Boolean);
  // One candidate may hand in several edits, even of one file name: the buttons name which. The
  // file's name goes in as an element, so nothing in it is read as the message's markup.
  const which = { values: { file: <>{audition.fileName}</>, time }, components: { 0: <span className="sr-only" /> } };
  return (
    <li className="card flex flex-col gap-3 p-4" aria-labelledby={`${statusId}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${statusId}-name`} className="text-lg font-bold break-words" dir="auto">
            {audition.name}
          </h3>
          <p className="text-sm break-words">
            {t("adminAuditions.candidate", { code: audition.code })} ·{" "}
            <a href={`mailto:${audition.email}`} className="underline" dir="ltr">
              {audition.email}
            </a>
          </p>
        </div>
        <span className="badge">{t(STATUS_LABELS[audition.status])}</span>
      </div>
      <p className="break-words">
        <span className="font-semibold" dir="auto">
          {audition.fileName}
        </span>{" "}
        <span className="text-sm">({facts.join(" · ")})</span>
      </p>
      {audition.notes ? (
        <p className="whitespace-pre-line break-words" dir="auto">
          {audition.notes}
        </p>
      ) : (
        <p className="text-sm italic">{t("adminAuditions.noNotes")}</p>
      )}
      {player(audition)}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor={statusId} className="field-label">
            {t("adminAuditions.status")}
          </label>
          <select
            id={statusId}
            className="input !w-auto"
            value={audition.status}
            disabled={setStatus.isPending}
            onChange={(e) => {
              const status = e.target.value as AuditionStatus;
              chosen.current = status;
              setStatus.mutate(
                { id: audition.id, status },
                {
                  onSuccess: () => {
                    if (status === "new") return;
                    void mailIsSetUp().then((mail) => {
                      if (mail && chosen.current === status) setNote(template(audition, status));
                    });
                  },
                  onError: () => toastError(t("adminAuditions.statusFailed")),
                },
              );
            }}
          >
            {AUDITION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
        <a href={auditionFileUrl(audition.id)} download={audition.downloadName} className="btn btn-ghost">
          <Trans id="adminAuditions.downloadHandIn" {...which} />
        </a>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(t("adminAuditions.deleteConfirm"))) return;
            remove.mutate(audition.id, {
              onSuccess: () =>
                toast({
                  title: t("adminAuditions.deletedTitle"),
                  description: t("adminAuditions.deletedDescription", { name: audition.name }),
                }),
              onError: () => toastError(t("adminAuditions.deleteFailed")),
            });
          }}
        >
          <Trans id="adminAuditions.deleteHandIn" {...which} />
        </button>
      </div>
      {note !== null ? <CandidateNoteDialog audition={audition} initialText={note} onClose={() => setNote(null)} /> : null}
    </li>
  );
}

/**
 * The owner's hand-ins (docs/product.md "Audition hand-in"), newest first: who, their notes, the
 * file with the site's player (`player`, from the page), its status, download and delete; then
 * the uploads under way.
 */
export function AuditionList({ player }: { player: (audition: Audition) => ReactNode }) {
  const t = useAdminT();
  const list = useQuery(auditionsQueryOptions());
  const auditions = list.data ?? [];
  const fresh = auditions.filter((a) => a.status === "new").length;
  return (
    <>
      <AdminCard
        id="auditions"
        title={t("adminAuditions.listTitle", { count: auditions.length, fresh })}
        className="mt-6"
        actions={
          <button type="button" className="btn btn-ghost" onClick={() => void list.refetch()}>
            {t("adminAuditions.refresh")}
          </button>
        }
      >
        <ListStates isPending={list.isPending} isEmpty={auditions.length === 0} empty={<p>{t("adminAuditions.listEmpty")}</p>}>
          <ul className="mt-4 flex flex-col gap-4">
            {auditions.map((audition) => (
              <AuditionCard key={audition.id} audition={audition} player={player} />
            ))}
          </ul>
        </ListStates>
      </AdminCard>
      <UploadList />
    </>
  );
}

/** The dashboard's way in, with the count of hand-ins not yet looked at. */
export function HandInsQuickAction({ href, className }: { href: string; className: string }) {
  const t = useAdminT();
  const list = useQuery(auditionsQueryOptions());
  const fresh = (list.data ?? []).filter((a) => a.status === "new").length;
  return (
    <Link href={href} className={className}>
      {t("adminAuditions.quickAction", { fresh })}
    </Link>
  );
}
