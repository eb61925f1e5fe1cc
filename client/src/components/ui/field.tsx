import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Shown at the end of the label row, e.g. a character counter. */
  aside?: ReactNode;
}

function describedBy(id: string, hint: unknown, error: unknown, aside: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, aside ? `${id}-aside` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function FieldFrame({ id, label, hint, error, aside, children }: FieldProps & { children: ReactNode }) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {aside ? (
          <span id={`${id}-aside`} className="text-sm tabular-nums">
            {aside}
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ id, label, hint, error, aside, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside}>
      <input id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error, aside)} {...input} />
    </FieldFrame>
  );
}

export function TextAreaField({ id, label, hint, error, aside, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside}>
      <textarea id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error, aside)} {...input} />
    </FieldFrame>
  );
}
