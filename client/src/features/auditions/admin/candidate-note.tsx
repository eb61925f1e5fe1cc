import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useState } from "react";
import type { Audition } from "@shared/auditions";
import { NOTE_MAX_LENGTH, type MailStatus } from "@shared/mail";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { toast, toastError } from "@/components/ui/toast-store";
import { apiClient } from "@/lib/api-client";
import { useAdminT } from "@/lib/i18n";
import { useSendNote } from "./mutations";

/** Whether the site sends e-mail (SMTP_URL): without it, no note is offered. */
const mailStatusQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "mail", "status"],
    queryFn: () => apiClient.get<MailStatus>("/api/mail/status"),
    staleTime: 5 * 60_000,
  });

/**
 * Whether a note can be offered (e-mail is set up), asked as the screen opens and awaited when a
 * status changes: a hand-in shortlisted before the answer came is still offered its note.
 */
export function useMailIsSetUp(): () => Promise<boolean> {
  const queryClient = useQueryClient();
  useQuery(mailStatusQueryOptions());
  return useCallback(
    async () => (await queryClient.ensureQueryData(mailStatusQueryOptions()).catch(() => null))?.mail === true,
    [queryClient],
  );
}

/** The note's first words for a status, in the admin's language: the owner edits them before sending. */
export function useNoteTemplate() {
  const t = useAdminT();
  return (audition: Audition, status: "shortlisted" | "declined") =>
    status === "shortlisted"
      ? t("adminAuditions.noteShortlisted", { name: audition.name })
      : t("adminAuditions.noteDeclined", { name: audition.name });
}

/**
 * The note offered after the owner shortlists or declines a hand-in (docs/product.md "E-mail"):
 * the template's words, editable, sent with 'Send note' to the candidate's address, or left with Cancel.
 */
export function CandidateNoteDialog({ audition, initialText, onClose }: { audition: Audition; initialText: string; onClose: () => void }) {
  const t = useAdminT();
  const id = useId();
  const [text, setText] = useState(initialText);
  const send = useSendNote();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send.mutate(
      { id: audition.id, text },
      {
        onSuccess: () => {
          toast({ title: t("adminAuditions.noteSent", { email: audition.email }) });
          onClose();
        },
        onError: (error) => toastError(error.message || t("adminAuditions.noteFailed")),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t("adminAuditions.noteTitle", { name: audition.name })}
        description={t("adminAuditions.noteDescription", { email: audition.email })}
      >
        <form onSubmit={submit} className="flex flex-col gap-3">
          <label htmlFor={`${id}-text`} className="field-label">
            {t("adminAuditions.noteLabel")}
          </label>
          <textarea
            id={`${id}-text`}
            className="input min-h-48"
            dir="auto"
            required
            maxLength={NOTE_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t("adminAuditions.noteCancel")}
            </button>
            <button type="submit" className="btn" disabled={send.isPending || text.trim() === ""}>
              {t("adminAuditions.noteSend")}
            </button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
