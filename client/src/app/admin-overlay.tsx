import "@/admin.css";
import { useQuery } from "@tanstack/react-query";
import { Toaster } from "@/components/ui/toaster";
import { currentUserQueryOptions, isAdminUser } from "@/features/auth/api";
import { LoginDialog } from "@/features/auth/public/login-dialog";
import { AdminLanguage } from "@/features/languages/admin-language";

/**
 * Lazy: the login dialog and the toast region, mounted once for the rest of the visit, in the
 * admin area's language (the signed-in person's, else the site's).
 */
export default function AdminOverlay() {
  const { data: user } = useQuery(currentUserQueryOptions());
  return (
    <AdminLanguage signedIn={isAdminUser(user)}>
      <LoginDialog />
      <Toaster />
    </AdminLanguage>
  );
}
