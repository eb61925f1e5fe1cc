import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useT, type Translate } from "@/lib/i18n";

interface FieldProps {
  /** The control's id, for a page that points at it; by default one React makes (the same on the server and in the browser). */
  id?: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Shown at the end of the label row, e.g. a character counter. */
  aside?: ReactNode;
}

type Field = Omit<FieldProps, "id"> & { id: string };

/** The ids of a field's hint, aside and message that its control is described by, in reading order. */
export function describedBy(id: string, hint: unknown, error: unknown, aside: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, aside ? `${id}-aside` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/**
 * Messages from the shared schemas and the API that start in lower case end a sentence that starts
 * with the field's name ("is required" under "Clip Title" reads "Clip Title is required."); the
 * catalogue says how the two go together in its language.
 */
function fieldErrorText(label: string, error: string, t: Translate): string {
  return /^\p{Ll}/u.test(error) ? t("field.errorAfterLabel", { label, error }) : error;
}

/** Typed text takes its direction from its first letters (Arabic, Hebrew); addresses stay left to right. */
function textDirection(type: string | undefined): "auto" | "ltr" {
  return type === "url" || type === "email" || type === "password" ? "ltr" : "auto";
}

/**
 * A field's label, hint and message around its control. A control that is not a form element (a
 * rich-text box) cannot be a <label>'s: with `labelId` the label is text of that id, which the
 * control names itself by (aria-labelledby), and `labelNote` ("(Optional)") follows it outside the name.
 */
export function FieldFrame({
  id,
  label,
  labelId,
  labelNote,
  hint,
  error,
  aside,
  children,
}: Field & { labelId?: string; labelNote?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        {labelId ? (
          <span className="field-label">
            <span id={labelId}>{label}</span>
            {labelNote ? ` ${labelNote}` : null}
          </span>
        ) : (
          <label htmlFor={id} className="field-label">
            {label}
          </label>
        )}
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
          {fieldErrorText(label, error, t)}
        </p>
      ) : null}
    </div>
  );
}

function useFieldId(id: string | undefined): string {
  const made = useId();
  return id ?? made;
}

/** What a field's input or textarea carries: its id, looks and direction, and its ties to the field's texts. */
function controlProps({ id, hint, error, aside }: Field, dir: "auto" | "ltr") {
  return { id, className: "input", dir, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, hint, error, aside) };
}

export function TextField({ id, label, hint, error, aside, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const field = { id: useFieldId(id), label, hint, error, aside };
  return (
    <FieldFrame {...field}>
      <input {...controlProps(field, textDirection(input.type))} {...input} />
    </FieldFrame>
  );
}

export function TextAreaField({ id, label, hint, error, aside, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const field = { id: useFieldId(id), label, hint, error, aside };
  return (
    <FieldFrame {...field}>
      <textarea {...controlProps(field, "auto")} {...input} />
    </FieldFrame>
  );
}
