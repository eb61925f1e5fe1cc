import "@/admin.css";
import { useUppyEvent } from "@uppy/react";
import Dashboard from "@uppy/react/dashboard";
import { useUppyLocale } from "@/lib/uppy-locale";
import { useEffect, useId, useRef, useState } from "react";
import { HAND_IN_LIMITS, HAND_INS_PER_CODE, handInFieldsSchema } from "@shared/auditions";
import { TitledSection } from "@/components/titled-section";
import { TextAreaField, TextField } from "@/components/ui/field";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n";
import { bindField, countedField, showServerErrors, useSchemaForm } from "@/lib/forms";
import { cardStyle } from "@/lib/site";
import { beginHandIn, createHandInUppy, forgetUpload, handInErrorMessage, notAudioMessage, type HandInSession } from "./hand-in-upload";
import { forgetKeptHandIn, keepHandIn, type KeptHandIn } from "./kept-hand-in";
import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";

type Phase = "choosing" | "starting" | "uploading";

/** How often, at most, an upload's progress renews the hour its hand-in is kept in the browser. */
const KEEP_RENEW_MS = 60 * 1000;

/** While the upload is under way, leaving the page (closing the tab, reloading, going elsewhere) asks first. */
function useWarnBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when a return value is set; none shows its text any more.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}

/**
 * The hand-in's form and its upload: the fields, Uppy with the file, and where the hand-in stands
 * (choosing, starting, uploading; the problem to say; what was handed in). Submitting starts the
 * upload on the site, or picks up the one this browser began for the same file.
 */
function useHandIn(code: string, kept: KeptHandIn | null, onHandedIn: () => void) {
  const t = useT();
  const form = useSchemaForm(handInFieldsSchema, {
    defaultValues: { name: kept?.name ?? "", email: kept?.email ?? "", notes: kept?.notes ?? "" },
  });
  const [phase, setPhase] = useState<Phase>("choosing");
  const [problem, setProblem] = useState<string | null>(null);
  const [progressNote, setProgressNote] = useState<string | null>(null);
  const [handedIn, setHandedIn] = useState<{ name: string; fileName: string | null } | null>(null);
  /** The upload this browser kept was cut off when the page was left: the file must be chosen again. */
  const [interrupted, setInterrupted] = useState(kept !== null);
  const session = useRef<HandInSession | null>(null);
  /** What is kept in the browser while the upload is under way, and when it was last renewed. */
  const keeping = useRef<{ kept: KeptHandIn; at: number } | null>(null);
  const [uppy] = useState(() =>
    createHandInUppy(
      () => session.current,
      (fileName) => setProblem(notAudioMessage(t, fileName)),
    ),
  );
  useUppyLocale(uppy);

  useUppyEvent(uppy, "file-added", () => setProblem(null));
  useUppyEvent(uppy, "upload-progress", () => {
    const current = keeping.current;
    if (current && Date.now() - current.at > KEEP_RENEW_MS) {
      keepHandIn(current.kept);
      current.at = Date.now();
    }
  });
  useUppyEvent(uppy, "upload-success", (file) => {
    if (file) forgetUpload(file);
    forgetKeptHandIn();
    keeping.current = null;
    onHandedIn();
    setHandedIn({ name: form.getValues("name"), fileName: file?.name ?? null });
    setPhase("choosing");
    setProblem(null);
  });
  useUppyEvent(uppy, "upload-error", (_file, error) => {
    const failure = error as Error & { status?: number; body?: unknown };
    setProblem(handInErrorMessage(t, { status: failure.status, body: failure.body, name: failure.name, message: failure.message }));
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
      setProblem(t("handIn.chooseFile"));
      return;
    }
    setProblem(null);
    setPhase("starting");
    // Kept in this browser for the hour, so leaving the page mid-upload loses neither the unlock nor the form.
    const kept = { code, ...values, fileName: file.name ?? "" };
    keepHandIn(kept);
    keeping.current = { kept, at: Date.now() };
    try {
      const started = await beginHandIn(uppy, file, { ...values, code });
      session.current = started.session;
      setInterrupted(false);
      setProgressNote(started.resumed ? t("handIn.resuming") : t("handIn.uploading"));
      setPhase("uploading");
      const current = uppy.getFile(file.id);
      await (current.error || current.progress.uploadStarted ? uppy.retryUpload(file.id) : uppy.upload());
    } catch (error) {
      // Refused by the site: nothing is under way, so a reload has nothing to pick up (a lost connection keeps it).
      if (isApiError(error)) {
        forgetKeptHandIn();
        keeping.current = null;
      }
      showServerErrors(form, error);
      setProblem(isApiError(error) ? error.message : t("handIn.unreachable"));
      setPhase("choosing");
    }
  });

  /** Empties the form's file and starts a new hand-in. */
  const startOver = () => {
    forgetKeptHandIn();
    keeping.current = null;
    uppy.clear();
    session.current = null;
    setHandedIn(null);
  };

  useWarnBeforeLeaving(phase !== "choosing");

  return { form, uppy, phase, problem, progressNote, handedIn, interrupted, onSubmit, startOver };
}

/** What the code has left to hand in: how many more, or, when none, that the form is not offered. */
function HandInsLeft({ count }: { count: number }) {
  const t = useT();
  return count > 0 ? (
    <p className="mt-3 text-lg font-semibold">{t("handIn.left", { count })}</p>
  ) : (
    <p className="mt-4 rounded-lg bg-white p-4 text-lg text-ink">{t("handIn.noneLeft", { count: HAND_INS_PER_CODE })}</p>
  );
}

/** The thanks once the edit arrived, focused so it is read out, and the way to hand in another while the code has some left. */
function HandedIn({ name, fileName, left, onAnother }: { name: string; fileName: string | null; left: number; onAnother: () => void }) {
  const t = useT();
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => thanks.current?.focus(), []);
  return (
    <>
      <div ref={thanks} tabIndex={-1} role="status" className="mt-4 rounded-lg bg-white p-4 text-lg text-ink">
        <p className="font-bold" dir="auto">
          {t("handIn.thanks", { name })}
        </p>
        <p className="mt-2 break-words" dir="auto">
          {fileName === null ? t("handIn.arrivedUnnamed") : t("handIn.arrived", { fileName })}
        </p>
      </div>
      {left > 0 ? (
        <button type="button" className="btn btn-ghost mt-4" onClick={onAnother}>
          {t("handIn.another")}
        </button>
      ) : (
        <HandInsLeft count={0} />
      )}
    </>
  );
}

/**
 * 'Hand in your edit' (docs/product.md "Audition hand-in"): the candidate's name, e-mail and notes
 * and one audio file, uploaded in parts with progress, pause, resume and retry; a lost connection
 * or a reload of the page picks the upload up where it stopped (the same file chosen again). The
 * code that unlocked the page authorises it. Loaded only after the unlock, with Uppy.
 */
export default function HandInForm({
  code,
  handInsLeft,
  onHandedIn,
  kept,
}: {
  code: string;
  /** How many hand-ins the code has left: at 0 the form is not offered. */
  handInsLeft: number;
  onHandedIn: () => void;
  /** The hand-in this browser kept from before the page was left, within the hour. */
  kept: KeptHandIn | null;
}) {
  const t = useT();
  const { form, uppy, phase, problem, progressNote, handedIn, interrupted, onSubmit, startOver } = useHandIn(code, kept, onHandedIn);
  const problemId = useId();
  const id = useId();

  const busy = phase !== "choosing";
  return (
    <TitledSection id="hand-in" title={t("handIn.title")} className="card p-6 sm:p-8" style={cardStyle(0.4)}>
      {handedIn ? (
        <HandedIn name={handedIn.name} fileName={handedIn.fileName} left={handInsLeft} onAnother={startOver} />
      ) : handInsLeft === 0 ? (
        <HandInsLeft count={0} />
      ) : (
        <>
          <HandInsLeft count={handInsLeft} />
          <p className="mt-3 text-lg">{t("handIn.intro")}</p>
          {interrupted && kept ? (
            <p role="status" className="mt-3 rounded-lg bg-white p-4 text-lg text-ink" dir="auto">
              {t("handIn.interrupted", { fileName: kept.fileName })}
            </p>
          ) : null}
          <form
            onSubmit={(e) => void onSubmit(e)}
            noValidate
            className="mt-4 flex flex-col gap-4"
            aria-describedby={problem ? problemId : undefined}
          >
            <TextField
              label={t("handIn.name")}
              autoComplete="name"
              maxLength={HAND_IN_LIMITS.name}
              disabled={busy}
              {...bindField(form, "name")}
            />
            <TextField
              label={t("handIn.email")}
              type="email"
              autoComplete="email"
              maxLength={HAND_IN_LIMITS.email}
              disabled={busy}
              {...bindField(form, "email")}
            />
            <TextAreaField
              label={t("handIn.notes")}
              rows={4}
              disabled={busy}
              hint={t("handIn.notesHint")}
              {...countedField(form, "notes", HAND_IN_LIMITS.notes)}
              {...bindField(form, "notes")}
            />
            <div>
              <p className="field-label" id={`${id}-file`}>
                {t("handIn.file")}
              </p>
              <div className="hand-in-dashboard" aria-labelledby={`${id}-file`} role="group">
                <Dashboard
                  uppy={uppy}
                  proudlyDisplayPoweredByUppy={false}
                  hideUploadButton
                  height={280}
                  width="100%"
                  note={t("handIn.fileNote")}
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
              {phase === "starting" ? t("handIn.starting") : phase === "uploading" ? t("handIn.uploadingButton") : t("handIn.submit")}
            </button>
          </form>
        </>
      )}
    </TitledSection>
  );
}
