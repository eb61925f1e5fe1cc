import { AdminScreen } from "@/components/admin/admin-screen";
import { AboutForm } from "@/features/identity/admin/about-form";
import { SiteImagesForm } from "@/features/identity/admin/site-images-form";
import { useAdminT } from "@/lib/i18n";

export function IdentityAdminPage() {
  const t = useAdminT();
  return (
    <AdminScreen title={t("route.adminIdentity")} subtitle={t("adminIdentity.subtitle")}>
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <AboutForm />
        <SiteImagesForm />
      </div>
    </AdminScreen>
  );
}
