import { lazy, Suspense, useId, type ReactNode } from "react";
import { useController, type Control, type FieldValues, type Path } from "react-hook-form";
import { describedBy, FieldFrame } from "@/components/ui/field";
import { useAdminT } from "@/lib/i18n";

/** Tiptap and ProseMirror: a chunk of their own, loaded when a form with this field opens (docs/decisions/019-show-notes-editor.md). */
const RichTextEditor = lazy(() => import("./rich-text-editor"));

/**
 * A field of formatted text, edited as it will read, kept by the form as the HTML the server
 * sanitises (docs/product.md §2, the episode form's show notes). The form sees a change only when
 * the text or its formatting changes: notes opened and left as they were, or changed and changed
 * back, keep the value they came with, so an edit sends nothing for them.
 */
export function RichTextField<T extends FieldValues>({
  control,
  name,
  label,
  labelNote,
  hint,
  maxLength,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  labelNote?: string;
  hint?: ReactNode;
  maxLength: number;
}) {
  const t = useAdminT();
  const id = useId();
  const labelId = `${id}-label`;
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === "string" ? field.value : "";
  // Past its limit, which counts the HTML the form saves (formatting included): a whole sentence, with the field's name.
  const error = value.length > maxLength ? t("richText.tooLong", { label, limit: maxLength }) : fieldState.error?.message;
  return (
    <FieldFrame id={id} label={label} labelId={labelId} labelNote={labelNote} hint={hint} error={error}>
      <Suspense
        fallback={
          <div className="rich-text panel">
            <p role="status" className="rich-text-loading">
              {t("richText.loadingEditor")}
            </p>
          </div>
        }
      >
        <RichTextEditor
          id={id}
          value={value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          focusRef={field.ref}
          labelId={labelId}
          describedBy={describedBy(id, hint, error, undefined)}
          isInvalid={!!error}
        />
      </Suspense>
    </FieldFrame>
  );
}
