// The fields' looks (.input, .field-*), as the editors' hand-in form has them: loaded with this chunk.
import "@/admin.css";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { TextAreaField, TextField } from "@/components/ui/field";
import { settingQueryOptions } from "@/features/settings/api";
import { isApiError } from "@/lib/api-client";
import { counterText } from "@/lib/counter";
import { useT } from "@/lib/i18n";
import { formatClock as clock } from "@shared/time";
import { createRecorder, MAX_RECORDING_SECONDS, type Recorder } from "./recorder";
import { sendMessage, type SendStep } from "./send";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_TEXT_LENGTH, validateMessage, type MessageFormErrors } from "./validate";

type Status = { step: "idle" } | SendStep | { step: "arrived" } | { step: "failed"; message: string };

/** The recorder's state, for as long as the form is shown; the microphone is let go when it is left. */
function useRecorder(): Recorder {
  const [recorder] = useState(() => createRecorder());
  useEffect(() => () => recorder.dispose(), [recorder]);
  useSyncExternalStore(recorder.subscribe, recorder.state, recorder.state);
  return recorder;
}

/** The recording, heard back through an <audio> of its own (not the site's player: it is the listener's, not the show's). */
function PlayBack({ blob }: { blob: Blob }) {
  const t = useT();
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (playing) {
      element.pause();
      element.currentTime = 0;
      setPlaying(false);
    } else {
      element.currentTime = 0;
      // Inside the click: WebKit plays only then.
      void element.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    }
  };
  return (
    <>
      <audio ref={audio} src={url} preload="auto" onEnded={() => setPlaying(false)} data-testid="message-playback" />
      <button type="button" className="btn" onClick={toggle} aria-pressed={playing}>
        {playing ? t("message.stopPlayback") : t("message.playBack")}
      </button>
    </>
  );
}

/** Record, stop, hear back, record again or delete: the voice message before it is sent. */
function VoiceRecorder({ recorder, error, onWriteInstead }: { recorder: Recorder; error?: string; onWriteInstead: () => void }) {
  const t = useT();
  const state = recorder.state();
  const limit = clock(MAX_RECORDING_SECONDS);
  if (state.phase === "unavailable") {
    return (
      <div className="card flex flex-col gap-3 p-4" role="alert">
        <p>{state.reason === "refused" ? t("message.micRefused") : t("message.noRecorder")}</p>
        <button type="button" className="btn self-start" onClick={onWriteInstead}>
          {t("message.writeInstead")}
        </button>
      </div>
    );
  }
  return (
    <div
      className="card flex flex-col gap-3 p-4"
      role="group"
      aria-label={t("message.voiceLabel")}
      aria-describedby={error ? "message-recording-error" : undefined}
    >
      {state.phase === "idle" || state.phase === "asking" ? (
        <>
          <p>{t("message.recordHint", { limit })}</p>
          <button type="button" className="btn self-start" onClick={() => void recorder.start()} disabled={state.phase === "asking"}>
            {t("message.record")}
          </button>
          {state.phase === "asking" ? <p role="status">{t("message.askingMicrophone")}</p> : null}
        </>
      ) : null}
      {state.phase === "recording" ? (
        <>
          <p className="flex items-center gap-2 text-lg font-semibold tabular-nums" role="timer" aria-live="off">
            <span aria-hidden="true" className="inline-block h-3 w-3 animate-pulse rounded-full bg-red-600" />
            {t("message.recordingClock", { elapsed: clock(state.elapsed), limit })}
          </p>
          <progress className="w-full" max={MAX_RECORDING_SECONDS} value={state.elapsed} aria-hidden="true" />
          <button type="button" className="btn self-start" onClick={recorder.stop}>
            {t("message.stop")}
          </button>
        </>
      ) : null}
      {state.phase === "recorded" ? (
        <>
          <p role="status">{t("message.recorded", { length: clock(state.seconds) })}</p>
          {state.atLimit ? <p>{t("message.limitReached", { limit })}</p> : null}
          <div className="flex flex-wrap gap-2">
            <PlayBack blob={state.blob} />
            <button type="button" className="btn btn-ghost" onClick={() => void recorder.start()}>
              {t("message.recordAgain")}
            </button>
            <button type="button" className="btn btn-ghost" onClick={recorder.discard}>
              {t("message.deleteRecording")}
            </button>
          </div>
        </>
      ) : null}
      {error ? (
        <p id="message-recording-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the listener is told while the message goes: the check, the sending, the upload's share. */
function Progress({ status }: { status: Status }) {
  const t = useT();
  if (status.step === "checking") return <p>{t("message.checking")}</p>;
  if (status.step === "sending") return <p>{t("message.sending")}</p>;
  if (status.step !== "uploading") return null;
  return (
    <div className="flex flex-col gap-1">
      <progress className="w-full" max={100} value={status.percent} aria-label={t("message.uploadLabel")} />
      <p>{t("message.uploadProgress", { percent: status.percent })}</p>
    </div>
  );
}

/** The owner's consent sentence, which must be ticked. */
function ConsentBox({
  sentence,
  checked,
  onChange,
  error,
}: {
  sentence: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <div>
      <label className="flex items-start gap-3">
        <input
          id="message-consent"
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0"
          checked={checked}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "message-consent-error" : undefined}
        />
        <span dir="auto">{sentence}</span>
      </label>
      {error ? (
        <p id="message-consent-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Said once the message (and its recording) arrived. */
function Arrived({ onAgain }: { onAgain: () => void }) {
  const t = useT();
  return (
    <div className="card flex flex-col gap-3 p-6" role="status" data-testid="message-arrived">
      <p className="text-xl font-bold">{t("message.arrived")}</p>
      <p>{t("message.arrivedDetail")}</p>
      <button type="button" className="btn self-start" onClick={onAgain}>
        {t("message.sendAnother")}
      </button>
    </div>
  );
}

const ERROR_KEYS = {
  text: { required: "message.textRequired", tooLong: "message.textTooLong" },
  recording: { required: "message.recordFirst" },
  email: { invalid: "message.emailInvalid" },
  consent: { required: "message.consentRequired" },
} as const;

/**
 * The message itself (docs/product.md "Messages from listeners"): a voice message recorded here
 * or a written one, an optional name and e-mail, the owner's consent sentence ticked, then sent.
 * This file, the recorder and the challenge's solver are one chunk, loaded when the listener
 * chooses how to send (the page's first load stays small).
 */
export default function MessageForm({
  kind,
  episodeSlug,
  onKindChange,
}: {
  kind: "voice" | "text";
  episodeSlug: string | null;
  onKindChange: (kind: "voice" | "text") => void;
}) {
  const t = useT();
  const consentSentence = useQuery(settingQueryOptions("messages_consent")).data?.trim() || t("message.consentDefault");
  const recorder = useRecorder();
  // Leaving the voice message for a written one lets the microphone go: what was recorded is
  // kept, as after 'Stop'; a microphone still being asked for is given up.
  useEffect(() => {
    if (kind !== "text") return;
    const { phase } = recorder.state();
    if (phase === "recording") recorder.stop();
    else if (phase === "asking") recorder.discard();
  }, [kind, recorder]);
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<MessageFormErrors | null>(null);
  const [status, setStatus] = useState<Status>({ step: "idle" });
  const form = useRef<HTMLFormElement>(null);
  const recorded = recorder.state();
  const values = { kind, text, name, email, consent, hasRecording: recorded.phase === "recorded" };
  // Once a send was tried, the messages follow what is typed.
  const shown = errors ? validateMessage(values) : {};
  const say = (field: keyof typeof ERROR_KEYS): string | undefined => {
    const reason = shown[field];
    if (!reason) return undefined;
    const key = (ERROR_KEYS[field] as Record<string, Parameters<typeof t>[0]>)[reason]!;
    return t(key, { max: MAX_TEXT_LENGTH });
  };
  const busy = status.step === "checking" || status.step === "sending" || status.step === "uploading";

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateMessage(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      form.current?.querySelector<HTMLElement>("[aria-invalid='true'], [role='alert'] button, #message-consent:not(:checked)")?.focus();
      return;
    }
    try {
      await sendMessage(
        {
          kind,
          text: text.trim(),
          name: name.trim(),
          email: email.trim(),
          episodeSlug: episodeSlug ?? undefined,
          recording: recorded.phase === "recorded" ? { blob: recorded.blob, seconds: recorded.seconds } : undefined,
        },
        setStatus,
      );
      setStatus({ step: "arrived" });
    } catch (error) {
      setStatus({ step: "failed", message: isApiError(error) ? error.message : t("message.failed") });
    }
  };

  const startOver = () => {
    recorder.discard();
    setText("");
    setErrors(null);
    setConsent(false);
    setStatus({ step: "idle" });
  };

  if (status.step === "arrived") return <Arrived onAgain={startOver} />;

  return (
    <form ref={form} className="flex flex-col gap-5" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
      {kind === "voice" ? (
        <VoiceRecorder recorder={recorder} error={say("recording")} onWriteInstead={() => onKindChange("text")} />
      ) : (
        <TextAreaField
          label={t("message.text")}
          rows={6}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={say("text")}
          aside={
            <span className={text.trim().length > MAX_TEXT_LENGTH ? "font-bold text-red-700" : undefined}>
              {counterText(text.trim(), MAX_TEXT_LENGTH)}
            </span>
          }
        />
      )}
      <TextField
        label={t("message.name")}
        autoComplete="name"
        maxLength={MAX_NAME_LENGTH}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <TextField
        label={t("message.email")}
        type="email"
        autoComplete="email"
        maxLength={MAX_EMAIL_LENGTH}
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={say("email")}
      />
      <ConsentBox sentence={consentSentence} checked={consent} onChange={setConsent} error={say("consent")} />
      <div aria-live="polite" className="flex flex-col gap-2">
        <Progress status={status} />
        {status.step === "failed" ? (
          <p className="field-error" role="alert">
            {status.message}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn self-start" disabled={busy}>
        {t("message.send")}
      </button>
    </form>
  );
}
