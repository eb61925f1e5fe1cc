import { useLocation } from "wouter";
import { loginSchema } from "@shared/api";
import { Dialog, DialogContent, useEscapeCloses } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { BusyButton } from "@/components/ui/form-actions";
import { toast } from "@/components/ui/toast-store";
import { isApiError } from "@/lib/api-client";
import { setLoginDialogOpen, useAdminOverlayState } from "@/lib/admin-overlay-store";
import { useSchemaForm } from "@/lib/forms";
import { useLogin } from "../mutations";

const closeLoginDialog = () => setLoginDialogOpen(false);
const LOGIN_FAILED = "Invalid credentials or access denied";

/** docs/product.md §2 "Login dialog", §4, §8 texts. */
const LOGIN_FIELDS = [
  { name: "email", label: "Email", type: "email", autoComplete: "username" },
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
] as const;

export function LoginDialog() {
  const { isLoginOpen } = useAdminOverlayState();
  const form = useSchemaForm(loginSchema, { defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;
  const login = useLogin();
  const [, navigate] = useLocation();
  useEscapeCloses(isLoginOpen, closeLoginDialog);

  const onSubmit = form.handleSubmit((credentials) => {
    login.mutate(credentials, {
      onSuccess: () => {
        toast({ title: "Login successful", description: "Welcome to the admin dashboard" });
        setLoginDialogOpen(false);
        form.reset();
        login.reset();
        navigate("/admin");
      },
      onError: () => {
        toast({ title: "Login failed", description: LOGIN_FAILED, variant: "destructive" });
      },
    });
  });

  // Said inside the dialog too, next to the fields, where a screen reader user's focus is. Too
  // many tries get the server's own words (how long to wait).
  const failure = login.isError ? (isApiError(login.error, "TOO_MANY_REQUESTS") ? login.error.message : `${LOGIN_FAILED}.`) : null;

  return (
    <Dialog open={isLoginOpen} onOpenChange={setLoginDialogOpen}>
      <DialogContent title="Admin Login" description="Sign in to manage the podcast site.">
        <form onSubmit={onSubmit} className="space-y-4">
          {LOGIN_FIELDS.map(({ name, label, type, autoComplete }) => (
            <TextField
              key={name}
              label={label}
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
          <BusyButton type="submit" className="btn w-full" isPending={login.isPending} busyLabel="Logging in...">
            Login
          </BusyButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
