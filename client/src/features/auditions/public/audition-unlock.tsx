import { lazy, Suspense, useId, useRef, useState, type FormEvent } from "react";
import { isUsableAuditionFileUrl } from "@shared/settings";
import { TitledSection } from "@/components/titled-section";
import { useTypedBeforeHydration } from "@/hooks/use-typed-before-hydration";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n";
import { cardStyle } from "@/lib/site";
import { type AuditionFile } from "../api";
import { useUnlockAudition } from "./mutations";
import { AUDITION_FAILURE_TEXT, DEFAULT_AUDITION_FILE_LABEL } from "./defaults";

// The hand-in form and its uploader (Uppy) load only once the page is unlocked: no visitor downloads them before.
const HandInForm = lazy(() => import("./hand-in-form"));

/** Unlocked state lives in this component only: leaving the page locks it again (docs/product.md §4). */
export function AuditionUnlock() {
  const t = useT();
  const [password, setPassword] = useState("");
  const [files, setFiles] = useState<AuditionFile[] | null>(null);
  /** The code that opened the page: it authorises the hand-in (the server checks it again). */
  const [code, setCode] = useState("");
  const unlock = useUnlockAudition();
  const inputId = useId();
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, password, setPassword);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    unlock.mutate(password, {
      onSuccess: (data) => {
        setCode(password.trim());
        setFiles(data.files);
      },
    });
  };

  if (files) {
    // Visitors see file 1 only (docs/product.md §5), never another file in its place; its button is
    // disabled while its address is empty or the placeholder.
    const file = files[0];
    const label = file?.name || t(DEFAULT_AUDITION_FILE_LABEL);
    const url = file?.url;
    return (
      <>
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
        <Suspense
          fallback={
            <p role="status" className="card p-6">
              {t("audition.loadingHandIn")}
            </p>
          }
        >
          <HandInForm code={code} />
        </Suspense>
      </>
    );
  }

  const errorText = unlock.isError
    ? isApiError(unlock.error, "UNAUTHORIZED") || !isApiError(unlock.error)
      ? t(AUDITION_FAILURE_TEXT)
      : unlock.error.message
    : null;

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
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
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
