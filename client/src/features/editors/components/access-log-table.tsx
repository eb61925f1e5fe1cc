import { useQuery } from "@tanstack/react-query";
import { accessLogQueryOptions } from "../api";

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** Audition attempts: time, success, the code that worked (a failed password is never stored). */
export function AccessLogTable() {
  const log = useQuery(accessLogQueryOptions());
  const entries = log.data ?? [];
  return (
    <section className="card p-6" aria-labelledby="access-log-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="access-log-heading" className="text-xl font-bold">
          Audition Access Log
        </h2>
        <button type="button" className="btn btn-ghost" onClick={() => void log.refetch()}>
          Refresh log
        </button>
      </div>
      {log.isPending ? (
        <p className="mt-4" role="status">
          Loading...
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-4">No access attempts yet.</p>
      ) : (
        <div className="mt-4 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Access attempts">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-[rgb(var(--fg-rgb)/0.4)]">
                <th scope="col" className="p-2">Time</th>
                <th scope="col" className="p-2">Success</th>
                <th scope="col" className="p-2">Code that worked</th>
                <th scope="col" className="p-2">User agent</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-[rgb(var(--fg-rgb)/0.2)] align-top">
                  <td className="whitespace-nowrap p-2">{formatTime(entry.createdAt)}</td>
                  <td className="p-2">{entry.success ? "Yes" : "No"}</td>
                  <td className="p-2 font-mono">{entry.code ?? "—"}</td>
                  <td className="max-w-xs truncate p-2" title={entry.userAgent}>
                    {entry.userAgent}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
