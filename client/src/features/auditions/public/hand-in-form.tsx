import "@/admin.css";
import { useUppyEvent } from "@uppy/react";
import Dashboard from "@uppy/react/dashboard";
import { useEffect, useId, useRef, useState } from "react";
import { AUDIO_FILE_HINT, HAND_IN_LIMITS, handInFieldsSchema } from "@shared/auditions";
import { TitledSection } from "@/components/titled-section";
import { TextAreaField, TextField } from "@/components/ui/field";
import { isApiError } from "@/lib/api-client";
import { bindField, countedField, showServerErrors, useSchemaForm } from "@/lib/forms";
import { cardStyle } from "@/lib/site";
import { beginHandIn, createHandInUppy, forgetUpload, handInErrorMessage, HAND_IN_FILE_NOTE, type HandInSession } from "./hand-in-upload";
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";

type Phase = "choosing" | "starting" | "uploading";

/**
 * The hand-in's form and its upload: the fields, Uppy with the file, and where the hand-in stands
 * (choosing, starting, uploading; the problem to say; what was handed in). Submitting starts the
 * upload on the site, or picks up the one this browser began for the same file.
 */
function useHandIn(code: string) {
  const form = useSchemaForm(handInFieldsSchema, { defaultValues: { name: "", email: "", notes: "" } });
  const [phase, setPhase] = useState<Phase>("choosing");
  const [problem, setProblem] = useState<string | null>(null);
  const [progressNote, setProgressNote] = useState<string | null>(null);
  const [handedIn, setHandedIn] = useState<{ name: string; fileName: string } | null>(null);
  const session = useRef<HandInSession | null>(null);
  const [uppy] = useState(() => createHandInUppy(() => session.current, setProblem));

  useUppyEvent(uppy, "file-added", () => setProblem(null));
  useUppyEvent(uppy, "upload-success", (file) => {
    if (file) forgetUpload(file);
    setHandedIn({ name: form.getValues("name"), fileName: file?.name ?? "your file" });
    setPhase("choosing");
    setProblem(null);
  });
  useUppyEvent(uppy, "upload-error", (_file, error) => {
    const failure = error as Error & { status?: number; body?: unknown };
    setProblem(handInErrorMessage({ status: failure.status, body: failure.body, name: failure.name, message: failure.message }));
    setProgressNote(null);
    // Retry (here or on the button) goes on from the parts already stored.
    setPhase("choosing");
    // Uppy's own notice would repeat it in its words ("S3 returned 401"): ours says it.
    uppy.hideInfo();
  });
  useEffect(() => {
    // Back online after a dropped connection: the upload goes on by itself from where it stopped.
    const onOnline = () => {
      if (session.current && uppy.getFiles().some((f) => f.error)) {
        setProblem(null);
        void uppy.retryAll();
      }
    };
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [uppy]);
  useEffect(() => () => uppy.destroy(), [uppy]);

  const onSubmit = form.handleSubmit(async (values) => {
    const file = uppy.getFiles()[0];
    if (!file) {
      setProblem(`Choose your edit's audio file (${AUDIO_FILE_HINT}) first.`);
      return;
    }
    setProblem(null);
    setPhase("starting");
    try {
      const started = await beginHandIn(uppy, file, { ...values, code });
      session.current = started.session;
      setProgressNote(
        started.resumed ? "Picking up your upload where it stopped." : "Uploading your edit. You can pause it and go on later.",
      );
      setPhase("uploading");
      const current = uppy.getFile(file.id);
      await (current.error || current.progress.uploadStarted ? uppy.retryUpload(file.id) : uppy.upload());
    } catch (error) {
      showServerErrors(form, error);
      setProblem(isApiError(error) ? error.message : "The site could not be reached: check your connection, then press the button again.");
      setPhase("choosing");
    }
  });

  /** Empties the form's file and starts a new hand-in. */
  const startOver = () => {
    uppy.clear();
    session.current = null;
    setHandedIn(null);
  };

  return { form, uppy, phase, problem, progressNote, handedIn, onSubmit, startOver };
}

/** The thanks once the edit arrived, focused so it is read out, and the way to hand in another. */
function HandedIn({ name, fileName, onAnother }: { name: string; fileName: string; onAnother: () => void }) {
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => thanks.current?.focus(), []);
  return (
    <>
      <div ref={thanks} tabIndex={-1} role="status" className="mt-4 rounded-lg bg-white p-4 text-lg text-ink">
        <p className="font-bold" dir="auto">
          Thank you, {name}: your edit has been handed in.
        </p>
        <p className="mt-2 break-words" dir="auto">
          “{fileName}” arrived safely. The host will listen to it and get back to you by e-mail.
        </p>
      </div>
      <button type="button" className="btn btn-ghost mt-4" onClick={onAnother}>
        Hand in another edit
      </button>
    </>
  );
}

/**
 * 'Hand in your edit' (docs/product.md "Audition hand-in"): the candidate's name, e-mail and notes
 * and one audio file, uploaded in parts with progress, pause, resume and retry; a lost connection
 * or a reload of the page picks the upload up where it stopped (the same file chosen again). The
 * code that unlocked the page authorises it. Loaded only after the unlock, with Uppy.
 */
export default function HandInForm({ code }: { code: string }) {
  const { form, uppy, phase, problem, progressNote, handedIn, onSubmit, startOver } = useHandIn(code);
  const problemId = useId();
  const id = useId();

  const busy = phase !== "choosing";
  return (
    <TitledSection id="hand-in" title="Hand in your edit" className="card p-6 sm:p-8" style={cardStyle(0.4)}>
      {handedIn ? (
        <HandedIn name={handedIn.name} fileName={handedIn.fileName} onAnother={startOver} />
      ) : (
        <>
          <p className="mt-3 text-lg">
            Finished? Send your edit here, with a few notes on what you did. One audio file: {AUDIO_FILE_HINT}.
          </p>
          <form
            onSubmit={(e) => void onSubmit(e)}
            noValidate
            className="mt-4 flex flex-col gap-4"
            aria-describedby={problem ? problemId : undefined}
          >
            <TextField label="Your name" autoComplete="name" maxLength={HAND_IN_LIMITS.name} disabled={busy} {...bindField(form, "name")} />
            <TextField
              label="Your e-mail"
              type="email"
              autoComplete="email"
              maxLength={HAND_IN_LIMITS.email}
              disabled={busy}
              {...bindField(form, "email")}
            />
            <TextAreaField
              label="Notes on your edit"
              rows={4}
              disabled={busy}
              hint="What you cut, what you fixed, anything the host should know."
              {...countedField(form, "notes", HAND_IN_LIMITS.notes)}
              {...bindField(form, "notes")}
            />
            <div>
              <p className="field-label" id={`${id}-file`}>
                Your edit
              </p>
              <div className="hand-in-dashboard" aria-labelledby={`${id}-file`} role="group">
                <Dashboard
                  uppy={uppy}
                  proudlyDisplayPoweredByUppy={false}
                  hideUploadButton
                  height={280}
                  width="100%"
                  note={HAND_IN_FILE_NOTE}
                />
              </div>
            </div>
            {problem ? (
              <p id={problemId} role="alert" className="rounded-lg bg-white px-3 py-2 font-semibold text-danger" dir="auto">
                {problem}
              </p>
            ) : null}
            {progressNote && phase === "uploading" ? (
              <p role="status" className="font-semibold">
                {progressNote}
              </p>
            ) : null}
            <button type="submit" className="btn self-start" disabled={busy}>
              {phase === "starting" ? "Starting..." : phase === "uploading" ? "Uploading..." : "Hand in your edit"}
            </button>
          </form>
        </>
      )}
    </TitledSection>
  );
}
