import { useId, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { MIN_PASSWORD_LENGTH } from "@shared/access";
import { ROUTES } from "@shared/routes";
import { TextField } from "@/components/ui/field";
import { apiClient, isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n";

type State = { kind: "form" } | { kind: "saving" } | { kind: "done" } | { kind: "gone" };

/**
 * The invited person's password, typed twice (at least 12 characters), then the way to log in;
 * a link used or expired says so in words (docs/product.md "People with access").
 */
export function WelcomeForm({ token }: { token: string }) {
  const t = useT();
  const errorId = useId();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: "form" });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setError(t("welcome.tooShort", { minimum: MIN_PASSWORD_LENGTH }));
    // eslint-disable-next-line security/detect-possible-timing-attacks -- the person's own two typings, in their browser
    if (password !== again) return setError(t("welcome.mismatch"));
    setError(null);
    setState({ kind: "saving" });
    try {
      await apiClient.post("/api/users/accept", { token, password });
      setState({ kind: "done" });
    } catch (err) {
      if (isApiError(err, "GONE")) return setState({ kind: "gone" });
      setState({ kind: "form" });
      setError(err instanceof Error ? err.message : t("welcome.failed"));
    }
  };

  if (state.kind === "gone")
    return (
      <div className="card p-8" role="alert">
        <h1 className="text-2xl font-bold">{t("welcome.goneTitle")}</h1>
        <p className="mt-3">{t("welcome.gone")}</p>
      </div>
    );
  if (state.kind === "done")
    return (
      <div className="card p-8" role="status">
        <h1 className="text-2xl font-bold">{t("welcome.doneTitle")}</h1>
        <p className="mt-3">{t("welcome.done")}</p>
        <Link href={ROUTES.admin.path} className="btn mt-6">
          {t("welcome.login")}
        </Link>
      </div>
    );
  return (
    <form className="card space-y-4 p-8" onSubmit={(e) => void onSubmit(e)} noValidate>
      <h1 className="text-2xl font-bold">{t("welcome.title")}</h1>
      <p>{t("welcome.intro")}</p>
      <TextField
        label={t("welcome.password")}
        type="password"
        autoComplete="new-password"
        hint={t("welcome.passwordRule", { minimum: MIN_PASSWORD_LENGTH })}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <TextField
        label={t("welcome.passwordAgain")}
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={(e) => setAgain(e.currentTarget.value)}
      />
      {error ? (
        <p id={errorId} role="alert" className="font-semibold">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={state.kind === "saving"}>
        {state.kind === "saving" ? t("welcome.saving") : t("welcome.submit")}
      </button>
    </form>
  );
}
