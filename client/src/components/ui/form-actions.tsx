import type { ButtonHTMLAttributes } from "react";
import { Switch } from "./switch";

/** The Published switch of the episode and clip forms (docs/product.md §2). */
export function PublishedSwitch({ id, checked, onChange }: { id: string; checked: boolean; onChange: (isPublished: boolean) => void }) {
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="font-semibold">
        Published
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
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className="btn" disabled={isPending}>
        {submitLabel}
      </button>
      {isEditing ? (
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

/**
 * A button for a call: disabled while the call runs, saying what is happening ("Saving...")
 * instead of its label.
 */
export function BusyButton({ isPending, busyLabel, className = "btn", children, ...button }: { isPending: boolean; busyLabel: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={className} disabled={isPending} {...button}>
      {isPending ? busyLabel : children}
    </button>
  );
}
