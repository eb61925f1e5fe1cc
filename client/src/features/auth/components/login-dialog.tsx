import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Dialog, DialogContent, useEscapeCloses } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { toast } from "@/components/ui/toast-store";
import { setLoginDialogOpen, useAdminOverlayState } from "@/lib/admin-overlay-store";
import { useLogin } from "../api";

const closeLoginDialog = () => setLoginDialogOpen(false);

/** SPEC.md §2 "Admin login dialog", §4 "Login", §8 texts. */
export function LoginDialog() {
  const { isLoginOpen } = useAdminOverlayState();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useLogin();
  const [, navigate] = useLocation();
  useEscapeCloses(isLoginOpen, closeLoginDialog);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: () => {
          toast({ title: "Login successful", description: "Welcome to the admin dashboard" });
          setLoginDialogOpen(false);
          setEmail("");
          setPassword("");
          navigate("/admin");
        },
        onError: () => {
          toast({ title: "Login failed", description: "Invalid credentials or access denied", variant: "destructive" });
        },
      },
    );
  };

  return (
    <Dialog open={isLoginOpen} onOpenChange={setLoginDialogOpen}>
      <DialogContent title="Admin Login" description="Sign in to manage the podcast site.">
        <form onSubmit={onSubmit} className="space-y-4">
          <TextField
            id="login-email"
            label="Email"
            type="email"
            required
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            id="login-password"
            label="Password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="btn w-full" disabled={login.isPending}>
            {login.isPending ? "Logging in..." : "Login"}
          </button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
