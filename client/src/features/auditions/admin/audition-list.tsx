import { useQuery } from "@tanstack/react-query";
import { useId, type ReactNode } from "react";
import { Link } from "wouter";
import { AUDITION_STATUSES, type Audition, type AuditionStatus } from "@shared/auditions";
import { formatClock } from "@shared/time";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { toast, toastError } from "@/components/ui/toast-store";
import { localDate } from "@/lib/dates";
import { auditionFileUrl, auditionsQueryOptions } from "../api";
import { useDeleteAudition, useSetAuditionStatus } from "./mutations";
import { fileSize } from "./format";
import { UploadList } from "./upload-list";

const STATUS_LABELS: Record<AuditionStatus, string> = { new: "New", shortlisted: "Shortlisted", declined: "Declined" };
const DELETE_AUDITION_CONFIRM = "Delete this hand-in and its audio file? This cannot be undone.";

function AuditionCard({ audition, player }: { audition: Audition; player: (audition: Audition) => ReactNode }) {
  const setStatus = useSetAuditionStatus();
  const remove = useDeleteAudition();
  const statusId = useId();
  const handedIn = `handed in ${localDate(audition.createdAt, true)}`;
  // One candidate may hand in several edits, even of one file name: the buttons name which.
  const which = `${audition.fileName}, ${handedIn}`;
  const facts = [fileSize(audition.size), audition.durationSeconds ? formatClock(audition.durationSeconds) : null, handedIn].filter(
    Boolean,
  );
  return (
    <li className="card flex flex-col gap-3 p-4" aria-labelledby={`${statusId}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${statusId}-name`} className="text-lg font-bold break-words" dir="auto">
            {audition.name}
          </h3>
          <p className="text-sm break-words">
            Candidate {audition.code} ·{" "}
            <a href={`mailto:${audition.email}`} className="underline" dir="ltr">
              {audition.email}
            </a>
          </p>
        </div>
        <span className="badge">{STATUS_LABELS[audition.status]}</span>
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
        <p className="text-sm italic">No notes.</p>
      )}
      {player(audition)}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor={statusId} className="field-label">
            Status
          </label>
          <select
            id={statusId}
            className="input !w-auto"
            value={audition.status}
            disabled={setStatus.isPending}
            onChange={(e) =>
              setStatus.mutate(
                { id: audition.id, status: e.target.value as AuditionStatus },
                { onError: () => toastError("Failed to update the hand-in's status") },
              )
            }
          >
            {AUDITION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <a href={auditionFileUrl(audition.id)} download={audition.downloadName} className="btn btn-ghost">
          Download<span className="sr-only">: {which}</span>
        </a>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(DELETE_AUDITION_CONFIRM)) return;
            remove.mutate(audition.id, {
              onSuccess: () => toast({ title: "Hand-in deleted", description: `${audition.name}'s edit and its file are gone.` }),
              onError: () => toastError("Failed to delete the hand-in"),
            });
          }}
        >
          Delete<span className="sr-only">: {which}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * The owner's hand-ins (docs/product.md "Audition hand-in"), newest first: who, their notes, the
 * file with the site's player (`player`, from the page), its status, download and delete; then
 * the uploads under way.
 */
export function AuditionList({ player }: { player: (audition: Audition) => ReactNode }) {
  const list = useQuery(auditionsQueryOptions());
  const auditions = list.data ?? [];
  const fresh = auditions.filter((a) => a.status === "new").length;
  return (
    <>
      <AdminCard
        id="auditions"
        title={`Hand-ins (${auditions.length}${fresh ? `, ${fresh} new` : ""})`}
        className="mt-6"
        actions={
          <button type="button" className="btn btn-ghost" onClick={() => void list.refetch()}>
            Refresh
          </button>
        }
      >
        <ListStates isPending={list.isPending} isEmpty={auditions.length === 0} empty={<p>No edits have been handed in yet.</p>}>
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
  const list = useQuery(auditionsQueryOptions());
  const fresh = (list.data ?? []).filter((a) => a.status === "new").length;
  return (
    <Link href={href} className={className}>
      Audition hand-ins{fresh ? ` (${fresh} new)` : ""}
    </Link>
  );
}
