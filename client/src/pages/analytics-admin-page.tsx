import { AdminScreen } from "@/components/admin/admin-screen";
import { AnalyticsView } from "@/features/analytics/admin/analytics-view";
import { useAdminT } from "@/lib/i18n";

export function AnalyticsAdminPage() {
  const t = useAdminT();
  return (
    <AdminScreen title={t("route.adminAnalytics")} subtitle={t("adminAnalytics.subtitle")}>
      <AnalyticsView />
    </AdminScreen>
  );
}
