import type { ButtonHTMLAttributes, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";
import { Switch } from "./switch";

/** The Published switch of the episode and clip forms (docs/product.md §2). */
export function PublishedSwitch({ id, checked, onChange }: { id: string; checked: boolean; onChange: (isPublished: boolean) => void }) {
  const t = useT();
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="font-semibold">
        {t("form.published")}
      </label>
    </div>
  );
}

/** Submit, and Cancel while editing (docs/product.md §4: Cancel returns the form to add mode). */
export function FormActions({
  submitLabel,
  isPending,
  isEditing,
  onCancel,
}: {
  submitLabel: string;
  isPending: boolean;
  isEditing: boolean;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className="btn" disabled={isPending}>
        {submitLabel}
      </button>
      {isEditing ? (
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t("common.cancel")}
        </button>
      ) : null}
    </div>
  );
}

/**
 * What an edit form shows while the whole item it edits loads, or when it cannot be loaded,
 * with Cancel back to add mode. `query` is the item's query (TanStack Query's result); `noun`
 * ("clip", "episode") picks the catalogue's sentence for it.
 */
export function EditLoadStatus({
  noun,
  query,
  onCancel,
}: {
  noun: string;
  query: { isFetchedAfterMount: boolean; isFetching: boolean };
  onCancel: () => void;
}) {
  const t = useT();
  const failed = query.isFetchedAfterMount && !query.isFetching;
  return (
    <section className="card p-6">
      <p role="status">{failed ? t("form.loadFailed", { noun }) : t("form.loadingItem", { noun })}</p>
      <button type="button" className="btn btn-ghost mt-4" onClick={onCancel}>
        {t("common.cancel")}
      </button>
    </section>
  );
}

/**
 * A button for a call: disabled while the call runs, saying what is happening ("Saving...")
 * instead of its label.
 */
export function BusyButton({
  isPending,
  busyLabel,
  className = "btn",
  children,
  ...button
}: { isPending: boolean; busyLabel: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={className} disabled={isPending} {...button}>
      {isPending ? busyLabel : children}
    </button>
  );
}

/**
 * A notice of the admin's with one button for what it proposes (publish these drafts, remove
 * those episodes): the button asks first (`confirm`), then runs `action`, and says it is busy.
 */
export function ActionNotice({
  label,
  className,
  button,
  children,
}: {
  /** The region's name for screen readers. */
  label: string;
  className?: string;
  button: { text: ReactNode; busyLabel: string; className?: string; confirm: string; isPending: boolean; action: () => void };
  children: ReactNode;
}) {
  return (
    <div className={cn("rounded-lg border-2 border-fg/40 p-4", className)} role="region" aria-label={label}>
      {children}
      <BusyButton
        className={cn("btn mt-3", button.className)}
        isPending={button.isPending}
        busyLabel={button.busyLabel}
        onClick={() => {
          if (window.confirm(button.confirm)) button.action();
        }}
      >
        {button.text}
      </BusyButton>
    </div>
  );
}
