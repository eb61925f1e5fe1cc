import type { ReactNode } from "react";
import { AdminCard } from "@/components/admin/ui/admin-card";
import { cn } from "@/lib/cn";
import { useAdminT } from "@/lib/i18n";

export interface Column<T> {
  label: string;
  /** The cell; numbers are aligned to the end. */
  cell: (row: T) => ReactNode;
  isNumber?: boolean;
}

/** More columns than this do not fit a phone's width side by side: their rows stack there (admin.css). */
const COLUMNS_SIDE_BY_SIDE_ON_A_PHONE = 3;

/**
 * A table of figures: the first column names the row. In a frame narrower than 40rem (a phone), a
 * table of more than three columns shows each row as a card, its figures under their columns'
 * names (`.report-table` in admin.css), so nothing hides in a sideways scroll. The roles are written out
 * because some browsers drop a table's semantics once its rows are laid out as grids. The frame
 * scrolls a long table down inside itself and takes focus, so a keyboard can scroll it; it is a
 * group, not a landmark: the card around it is the landmark of that name.
 */
export function FiguresTable<T>({
  columns,
  rows,
  rowKey,
  labelledBy,
  label,
  className,
}: {
  columns: Column<NoInfer<T>>[];
  rows: T[];
  rowKey: (row: NoInfer<T>) => string;
  className?: string;
} & ({ labelledBy: string; label?: never } | { label: string; labelledBy?: never })) {
  return (
    <div className={cn("report-table-frame", className)} tabIndex={0} role="group" aria-labelledby={labelledBy} aria-label={label}>
      <table role="table" className="report-table" data-stacks-on-phone={columns.length > COLUMNS_SIDE_BY_SIDE_ON_A_PHONE ? "" : undefined}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.label} role="columnheader" scope="col" data-number={c.isNumber ? "" : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.label} role="rowheader" scope="row" dir="auto">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.label} role="cell" data-number={c.isNumber ? "" : undefined}>
                    <span className="report-table-label" aria-hidden="true">
                      {c.label}
                    </span>
                    <span>{c.cell(row)}</span>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A table's CSV for the range shown: a link the browser downloads with the admin's session, named for its table. */
export interface TableDownload {
  href: string;
  label: string;
}

/** One table of the report in its card, with its CSV's download, or what to say when the period has nothing for it. */
export function ReportTable<T>({
  id,
  title,
  intro,
  download,
  columns,
  rows,
  rowKey,
  empty,
  className,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  download?: TableDownload;
  columns: Column<NoInfer<T>>[];
  rows: T[];
  rowKey: (row: NoInfer<T>) => string;
  /** Said when the period has no row; "Nothing counted in this period." unless given. */
  empty?: string;
  className?: string;
}) {
  const t = useAdminT();
  return (
    <AdminCard
      id={id}
      title={title}
      className={className}
      actions={
        download ? (
          <a className="btn btn-ghost" href={download.href} download data-testid={`${id}-download`}>
            {download.label}
          </a>
        ) : undefined
      }
    >
      {intro ? <p className="mt-2 text-sm">{intro}</p> : null}
      {rows.length === 0 ? (
        <p className="mt-4">{empty ?? t("adminAnalytics.tableEmpty")}</p>
      ) : (
        <FiguresTable className="mt-4 max-h-[28rem]" labelledBy={`${id}-heading`} columns={columns} rows={rows} rowKey={rowKey} />
      )}
    </AdminCard>
  );
}
