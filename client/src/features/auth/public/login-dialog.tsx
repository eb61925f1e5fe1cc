import { useLocation } from "wouter";
import { loginSchema } from "@shared/api";
import { Dialog, DialogContent, useEscapeCloses } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { BusyButton } from "@/components/ui/form-actions";
import { toast } from "@/components/ui/toast-store";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n";
import { setLoginDialogOpen, useAdminOverlayState } from "@/lib/admin-overlay-store";
import { useSchemaForm } from "@/lib/forms";
import { useLogin } from "../mutations";

const closeLoginDialog = () => setLoginDialogOpen(false);

/** docs/product.md §2 "Login dialog", §4, §8 texts. */
const LOGIN_FIELDS = [
  { name: "email", label: "login.email", type: "email", autoComplete: "username" },
  { name: "password", label: "login.password", type: "password", autoComplete: "current-password" },
] as const;

export function LoginDialog() {
  const t = useT();
  const { isLoginOpen } = useAdminOverlayState();
  const form = useSchemaForm(loginSchema, { defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;
  const login = useLogin();
  const [, navigate] = useLocation();
  useEscapeCloses(isLoginOpen, closeLoginDialog);

  const onSubmit = form.handleSubmit((credentials) => {
    login.mutate(credentials, {
      onSuccess: () => {
        toast({ title: t("login.successTitle"), description: t("login.successDescription") });
        setLoginDialogOpen(false);
        form.reset();
        login.reset();
        navigate("/admin");
      },
      onError: () => {
        toast({ title: t("login.failedTitle"), description: t("login.failedDescription"), variant: "destructive" });
      },
    });
  });

  // Said inside the dialog too, next to the fields, where a screen reader user's focus is. Too
  // many tries get the server's own words (how long to wait).
  const failure = login.isError ? (isApiError(login.error, "TOO_MANY_REQUESTS") ? login.error.message : t("login.failed")) : null;

  return (
    <Dialog open={isLoginOpen} onOpenChange={setLoginDialogOpen}>
      <DialogContent title={t("login.title")} description={t("login.description")}>
        <form onSubmit={onSubmit} className="space-y-4">
          {LOGIN_FIELDS.map(({ name, label, type, autoComplete }) => (
            <TextField
              key={name}
              label={t(label)}
              type={type}
              required
              autoComplete={autoComplete}
              {...form.register(name)}
              error={errors[name]?.message}
            />
          ))}
          {failure ? (
            <p role="alert" className="field-error">
              {failure}
            </p>
          ) : null}
          <BusyButton type="submit" className="btn w-full" isPending={login.isPending} busyLabel={t("login.busy")}>
            {t("login.submit")}
          </BusyButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
