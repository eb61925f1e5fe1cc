import type { ReactNode } from "react";
import { ROUTES } from "@shared/routes";
import { useAdminT } from "@/lib/i18n";
import { BackLink } from "../back-link";

/** The frame of an admin screen other than the dashboard: the way back, its heading, its content. */
export function AdminScreen({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const t = useAdminT();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <BackLink href={ROUTES.admin.path} label={t("adminScreen.backToDashboard")} />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      {subtitle ? <p className="mt-1 text-lg">{subtitle}</p> : null}
      {children}
    </main>
  );
}
