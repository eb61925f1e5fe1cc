import type { ReactNode } from "react";
import { AdminCard } from "@/components/admin/ui/admin-card";

export interface Column<T> {
  label: string;
  /** The cell; numbers are right-aligned. */
  cell: (row: T) => ReactNode;
  isNumber?: boolean;
}

/**
 * One table of the report in its card: it scrolls sideways inside itself on a narrow screen (and
 * takes focus, so a keyboard can scroll it); long and right-to-left texts keep their direction.
 * The scrolling frame is a group named by the card's heading, not a landmark: the card is the
 * landmark of that name, and two of one name tell a screen reader's list of landmarks nothing.
 */
export function ReportTable<T>({
  id,
  title,
  intro,
  columns,
  rows,
  rowKey,
  empty = "Nothing counted in this period.",
  className,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  columns: Column<NoInfer<T>>[];
  rows: T[];
  rowKey: (row: NoInfer<T>) => string;
  empty?: string;
  className?: string;
}) {
  return (
    <AdminCard id={id} title={title} className={className}>
      {intro ? <p className="mt-2 text-sm">{intro}</p> : null}
      {rows.length === 0 ? (
        <p className="mt-4">{empty}</p>
      ) : (
        <div className="mt-4 max-h-[28rem] overflow-auto" tabIndex={0} role="group" aria-labelledby={`${id}-heading`}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-[rgb(var(--fg-rgb)/0.4)]">
                {columns.map((c) => (
                  // A number's heading may wrap at its space ("Page views"): at 390 px the pages' three columns then fit without scrolling.
                  <th key={c.label} scope="col" className={c.isNumber ? "p-2 text-right align-bottom" : "p-2 align-bottom"}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-b border-[rgb(var(--fg-rgb)/0.2)] align-top">
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <th key={c.label} scope="row" className="min-w-36 p-2 text-start font-normal wrap-anywhere" dir="auto">
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td key={c.label} className={c.isNumber ? "p-2 text-right tabular-nums" : "p-2"}>
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminCard>
  );
}
