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

/**
 * Messages from the shared schemas and the API end a sentence that starts with the field's name
 * ("is required" under "Clip Title" reads "Clip Title is required.").
 */
function fieldErrorText(label: string, error: string): string {
  return /^[a-z]/.test(error) ? `${label} ${error}.` : error;
}

/** Typed text takes its direction from its first letters (Arabic, Hebrew); addresses stay left to right. */
function textDirection(type: string | undefined): "auto" | "ltr" {
  return type === "url" || type === "email" || type === "password" ? "ltr" : "auto";
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
        <p id={`${id}-error`} className="field-error" role="alert">
          {fieldErrorText(label, error)}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ id, label, hint, error, aside, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside}>
      <input
        id={id}
        className="input"
        dir={textDirection(input.type)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, aside)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ id, label, hint, error, aside, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside}>
      <textarea
        id={id}
        className="input"
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, aside)}
        {...input}
      />
    </FieldFrame>
  );
}
