/** An on/off switch (a button with role switch), labelled by a <label htmlFor={id}>; `disabled` while what it shows is not known. */
export function Switch({
  id,
  checked,
  onCheckedChange,
  disabled = false,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      disabled={disabled}
      className="switch disabled:opacity-50"
      onClick={() => onCheckedChange(!checked)}
    >
      <span className="switch-thumb" aria-hidden="true" />
    </button>
  );
}
