import "@/admin.css";
import { Toaster } from "@/components/ui/toaster";
import { LoginDialog } from "@/features/auth/public/login-dialog";

/** Lazy: the login dialog and the toast region, mounted once for the rest of the visit. */
export default function AdminOverlay() {
  return (
    <>
      <LoginDialog />
      <Toaster />
    </>
  );
}
