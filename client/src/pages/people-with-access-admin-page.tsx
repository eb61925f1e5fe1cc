import { useQuery } from "@tanstack/react-query";
import { currentUserQueryOptions } from "@/features/auth/api";
import { AdminScreen } from "@/components/admin/admin-screen";
import { PeopleWithAccess } from "@/features/access/admin/people-with-access";
import { useAdminT, useT } from "@/lib/i18n";

/** The owner's people with access (docs/product.md "People with access"); an editor's requests are refused (403). */
export function PeopleWithAccessAdminPage() {
  const t = useT();
  const ta = useAdminT();
  const me = useQuery(currentUserQueryOptions()).data;
  return (
    <AdminScreen title={t("route.adminPeople")} subtitle={ta("access.subtitle")}>
      <PeopleWithAccess myEmail={me?.username} />
    </AdminScreen>
  );
}
