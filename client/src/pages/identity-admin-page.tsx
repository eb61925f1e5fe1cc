import { AdminScreen } from "@/components/admin/admin-screen";
import { AboutForm } from "@/features/identity/admin/about-form";
import { SiteImagesForm } from "@/features/identity/admin/site-images-form";

export function IdentityAdminPage() {
  return (
    <AdminScreen title="About Page & Pictures" subtitle="How the site shows your show: its About page, banners and artwork">
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <AboutForm />
        <SiteImagesForm />
      </div>
    </AdminScreen>
  );
}
