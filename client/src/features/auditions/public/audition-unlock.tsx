import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { isUsableAuditionFileUrl } from "@shared/settings";
import { TitledSection } from "@/components/titled-section";
import { useTypedBeforeHydration } from "@/hooks/use-typed-before-hydration";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n";
import { cardStyle } from "@/lib/site";
import { type AuditionFile } from "../api";
import { useUnlockAudition } from "./mutations";
import { AUDITION_FAILURE_TEXT, DEFAULT_AUDITION_FILE_LABEL } from "./defaults";
import { forgetKeptHandIn, readKeptHandIn, type KeptHandIn } from "./kept-hand-in";

// The hand-in form and its uploader (Uppy) load only once the page is unlocked: no visitor downloads them before.
const HandInForm = lazy(() => import("./hand-in-form"));

/**
 * An empty code is no try: it gets the spec's message at once. Every other code goes to the
 * server, which decides, logs the try and counts it against the network's tries (docs/product.md
 * §5), and answers any wrong one (no digits, spaces, too long) with the same words.
 */
const isEmptyCode = (code: string) => code.length === 0;

/** The files the code opened: visitors see file 1 only (docs/product.md §5), never another file in its place. */
function AccessGranted({ files }: { files: AuditionFile[] }) {
  const t = useT();
  // Its button is disabled while its address is empty or the placeholder.
  const file = files[0];
  const label = file?.name || t(DEFAULT_AUDITION_FILE_LABEL);
  const url = file?.url;
  return (
    <TitledSection id="access" title={t("audition.accessGranted")} className="card p-6 sm:p-8" style={cardStyle(0.4)}>
      <p className="mt-3 text-lg">{t("audition.accessFiles")}</p>
      {isUsableAuditionFileUrl(url) ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="btn mt-4 max-w-full break-words" dir="auto">
          {label}
          <span className="sr-only"> {t("audition.opensInNewTab")}</span>
        </a>
      ) : (
        <button type="button" className="btn mt-4 max-w-full break-words" dir="auto" disabled>
          {label}
        </button>
      )}
      <ol className="mt-6 ms-6 list-decimal space-y-1 text-lg">
        <li>{t("audition.stepDownload")}</li>
        <li>{t("audition.stepEdit")}</li>
        <li>{t("audition.stepHandIn")}</li>
      </ol>
    </TitledSection>
  );
}

/**
 * Unlocked state lives in this component only: leaving the page locks it again (docs/product.md
 * §4), except while a hand-in's upload was under way: coming back within the hour unlocks it
 * again with the kept code (see kept-hand-in.ts), which the server checks as any other.
 */
export function AuditionUnlock() {
  const t = useT();
  const [password, setPassword] = useState("");
  const [files, setFiles] = useState<AuditionFile[] | null>(null);
  /** The code that opened the page: it authorises the hand-in (the server checks it again). */
  const [code, setCode] = useState("");
  /** How many hand-ins the code has left, as the server counted them at the unlock. */
  const [handInsLeft, setHandInsLeft] = useState(0);
  /** A hand-in this browser kept from before the page was left, restored into the form. */
  const [kept, setKept] = useState<KeptHandIn | null>(null);
  /** An empty code, refused without asking the server. */
  const [misshapen, setMisshapen] = useState(false);
  const unlock = useUnlockAudition();
  const inputId = useId();
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, password, setPassword);

  const open = (tried: string, restored: KeptHandIn | null) =>
    unlock.mutate(tried, {
      onSuccess: (data) => {
        setCode(tried);
        setHandInsLeft(data.handInsLeft);
        setKept(restored);
        setFiles(data.files);
      },
      onError: () => {
        // A kept code that no longer opens the page is forgotten, without a message for a try the candidate did not make.
        if (restored) {
          forgetKeptHandIn();
          unlock.reset();
        }
      },
    });

  useEffect(() => {
    const restored = readKeptHandIn();
    if (restored) open(restored.code, restored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page opens
  }, []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const tried = password.trim();
    if (isEmptyCode(tried)) {
      unlock.reset();
      setMisshapen(true);
      field.current?.focus();
      return;
    }
    setMisshapen(false);
    open(tried, null);
  };

  if (files) {
    return (
      <>
        <AccessGranted files={files} />
        <Suspense
          fallback={
            <p role="status" className="card p-6">
              {t("audition.loadingHandIn")}
            </p>
          }
        >
          <HandInForm code={code} handInsLeft={handInsLeft} onHandedIn={() => setHandInsLeft((n) => Math.max(0, n - 1))} kept={kept} />
        </Suspense>
      </>
    );
  }

  // Any refusal of the code is a wrong code, whatever its shape (a malformed or too long one
  // included); too many tries and the site's own failures say so in the site's words.
  const refusal = unlock.isError ? unlock.error : null;
  const saidBySite = isApiError(refusal) && (refusal.code === "TOO_MANY_REQUESTS" || refusal.status >= 500);
  const errorText = misshapen
    ? t(AUDITION_FAILURE_TEXT)
    : !refusal
      ? null
      : !isApiError(refusal)
        ? t("handIn.unreachable")
        : saidBySite
          ? refusal.message
          : t(AUDITION_FAILURE_TEXT);

  return (
    <TitledSection id="password" title={t("audition.passwordRequired")} className="card p-6 sm:p-8" style={cardStyle(0.4)}>
      <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="font-semibold">
            {t("audition.password")}
          </label>
          <input
            ref={field}
            id={inputId}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setMisshapen(false);
            }}
            aria-invalid={errorText ? true : undefined}
            aria-describedby={errorText ? errorId : undefined}
            className="min-h-11 rounded-lg border-2 border-fg/60 bg-white px-3 text-ink"
          />
        </div>
        <button type="submit" className="btn" disabled={unlock.isPending}>
          {t("audition.unlock")}
        </button>
      </form>
      {errorText ? (
        <p id={errorId} role="alert" className="mt-3 font-semibold">
          {errorText}
        </p>
      ) : null}
    </TitledSection>
  );
}
