import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { useAdminT } from "@/lib/i18n";

/**
 * One card of an admin screen: a titled section (its heading names it for screen readers), with
 * optional actions on the heading's row, and the loading and empty states every list card has.
 */
export function AdminCard({
  id,
  title,
  actions,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={`${id}-heading`} className="text-xl font-bold">
      {title}
    </h2>
  );
  return (
    <section className={cn("card p-6", className)} aria-labelledby={`${id}-heading`}>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** A list card's body: "Loading..." (or `loading`) while the query runs, `empty` for no items, the list otherwise. */
export function ListStates({
  isPending,
  isEmpty,
  loading,
  empty,
  children,
}: {
  isPending: boolean;
  isEmpty: boolean;
  loading?: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  const t = useAdminT();
  if (isPending) {
    return (
      <p className="mt-4" role="status">
        {loading ?? t("adminCard.loading")}
      </p>
    );
  }
  return isEmpty ? <div className="mt-4">{empty}</div> : children;
}
