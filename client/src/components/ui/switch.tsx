/** An on/off switch (a button with role switch), labelled by a <label htmlFor={id}>. */
export function Switch({ id, checked, onCheckedChange }: { id: string; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <button type="button" role="switch" id={id} aria-checked={checked} className="switch" onClick={() => onCheckedChange(!checked)}>
      <span className="switch-thumb" aria-hidden="true" />
    </button>
  );
}
