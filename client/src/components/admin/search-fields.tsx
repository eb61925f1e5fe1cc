import { useWatch, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { LIMITS } from "@shared/api";
import { pageTitle } from "@shared/page-titles";
import { slugFromTitle } from "@shared/slug";
import { cutAtWord } from "@shared/strings";
import { TextAreaField, TextField } from "@/components/ui/field";
import { useSiteName } from "@/hooks/use-page-title";
import { bindField, countedField } from "@/lib/forms";
import { useAdminT } from "@/lib/i18n";

/** About as much of a page's title and description as a search engine shows in a result. */
export const SEARCH_TITLE_CHARS = 60;
export const SEARCH_DESCRIPTION_CHARS = 160;

/**
 * `text` as a search result shows it: its spaces run together, and when longer than `max`, cut
 * after a whole word with an ellipsis (the ellipsis counted in `max`).
 */
export function searchSnippet(text: string, max: number): string {
  const value = text.replace(/\s+/g, " ").trim();
  if (value.length <= max) return value;
  // A first word longer than the room is cut inside it.
  const cut = cutAtWord(value, max - 1);
  return `${cut.length > max - 1 ? cut.slice(0, max - 1).trimEnd() : cut}…`;
}

/**
 * A page as a search engine lists it: its tab title, its address, its description, each cut as
 * a search result cuts it. `description` empty: the page says the show's description.
 */
export function SearchResultPreview({ title, url, description }: { title: string; url: string; description: string }) {
  const t = useAdminT();
  const said = searchSnippet(description, SEARCH_DESCRIPTION_CHARS);
  return (
    <figure className="panel rounded-lg border border-[var(--color-line)] p-3" aria-labelledby="search-preview-caption">
      <figcaption id="search-preview-caption" className="field-label">
        {t("searchFields.preview")}
      </figcaption>
      <div data-testid="search-preview">
        <p dir="auto" className="text-lg leading-snug text-[#1a0dab]" data-part="title">
          {searchSnippet(title, SEARCH_TITLE_CHARS)}
        </p>
        <p dir="ltr" className="truncate text-sm text-[#006621]" data-part="url" title={url}>
          {url}
        </p>
        {said ? (
          <p dir="auto" className="text-sm break-words" data-part="description">
            {said}
          </p>
        ) : (
          <p className="text-sm italic" data-part="description">
            {t("searchFields.previewNoDescription")}
          </p>
        )}
      </div>
    </figure>
  );
}

/** The fields a form with search fields has: a title, an address (slug) and a meta description (text, as the schemas read them). */
interface SearchFieldValues extends FieldValues {
  title: string;
  slug?: unknown;
  metaDescription?: unknown;
}

/**
 * An episode's or a clip's address and search fields (docs/product.md §2, §5): the slug (blank:
 * made from the title by the server; the placeholder shows which), the meta description with its
 * counter, and the search result they make, live as the owner types. `kind`: whose slug rules the
 * server applies to a blank slug (shared/slug.ts `slugFromTitle`); `pathOf`: the page's path
 * for a slug; `fallbackFrom`: the fields whose first filled one the page says when the meta
 * description is blank (as server/modules/pages/page-head.ts picks it).
 */
export function SearchFields<T extends SearchFieldValues, TOut>({
  form,
  kind,
  pathOf,
  fallbackFrom,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  kind: "episodes" | "clips";
  pathOf: (slug: string) => string;
  fallbackFrom: readonly string[];
}) {
  const t = useAdminT();
  const siteName = useSiteName();
  const [title = "", slug = "", metaDescription = "", ...fallbacks] = useWatch({
    control: form.control,
    name: ["title", "slug", "metaDescription", ...fallbackFrom] as Path<T>[],
  }) as (string | undefined)[];
  const fallback = fallbacks.map((v) => v?.trim() ?? "").find(Boolean) ?? "";
  const madeFromTitle = slugFromTitle(title, kind);
  const address = `${window.location.origin}${pathOf(slug.trim() || madeFromTitle)}`;
  return (
    <>
      <TextField
        label={t("searchFields.slug")}
        maxLength={LIMITS.slug}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...bindField(form, "slug" as Path<T>)}
        placeholder={title.trim() ? madeFromTitle : t("searchFields.slugPlaceholder")}
        hint={t("searchFields.slugHint")}
      />
      <TextAreaField
        label={t("searchFields.metaDescription")}
        rows={2}
        {...bindField(form, "metaDescription" as Path<T>)}
        {...countedField(form, "metaDescription" as Path<T>, LIMITS.metaDescription)}
        hint={t("searchFields.metaDescriptionHint")}
      />
      <SearchResultPreview
        title={pageTitle(title.trim() || undefined, siteName)}
        url={address}
        description={metaDescription.trim() || fallback}
      />
    </>
  );
}
