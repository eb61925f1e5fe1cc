import { useQuery } from "@tanstack/react-query";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { localDate } from "@/lib/dates";
import { useAdminT, useLocale } from "@/lib/i18n";
import { accessLogQueryOptions } from "../api";
import { candidateLabel } from "./candidate";

/** Audition attempts: time, success, the candidate whose code worked (a failed password is never stored). */
export function AccessLogTable() {
  const t = useAdminT();
  const locale = useLocale();
  const log = useQuery(accessLogQueryOptions());
  const entries = log.data ?? [];
  return (
    <AdminCard
      id="access-log"
      title={t("adminAuditions.accessLogTitle")}
      actions={
        <button type="button" className="btn btn-ghost" onClick={() => void log.refetch()}>
          {t("adminAuditions.refreshLog")}
        </button>
      }
    >
      <ListStates isPending={log.isPending} isEmpty={entries.length === 0} empty={<p>{t("adminAuditions.accessLogEmpty")}</p>}>
        <div className="mt-4 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={t("adminAuditions.accessLogLabel")}>
          <table className="w-full text-start text-sm">
            <thead>
              <tr className="border-b border-[rgb(var(--fg-rgb)/0.4)]">
                <th scope="col" className="p-2">
                  {t("adminAuditions.accessTime")}
                </th>
                <th scope="col" className="p-2">
                  {t("adminAuditions.accessSuccess")}
                </th>
                <th scope="col" className="p-2">
                  {t("adminAuditions.accessCandidate")}
                </th>
                <th scope="col" className="p-2">
                  {t("adminAuditions.accessUserAgent")}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-[rgb(var(--fg-rgb)/0.2)] align-top">
                  <td className="whitespace-nowrap p-2">{localDate(entry.createdAt, true, locale)}</td>
                  <td className="p-2">{entry.success ? t("adminAuditions.accessSucceeded") : t("adminAuditions.accessFailed")}</td>
                  <td className="p-2">{candidateLabel(t, entry.code)}</td>
                  <td className="max-w-xs truncate p-2" title={entry.userAgent}>
                    {entry.userAgent}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>
    </AdminCard>
  );
}
