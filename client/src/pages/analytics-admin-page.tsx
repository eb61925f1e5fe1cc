import { AdminScreen } from "@/components/admin/admin-screen";
import { AnalyticsView } from "@/features/analytics/admin/analytics-view";

export function AnalyticsAdminPage() {
  return (
    <AdminScreen title="Analytics" subtitle="Who comes, what they play, where they go">
      <AnalyticsView />
    </AdminScreen>
  );
}
