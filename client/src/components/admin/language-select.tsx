import type { ReactNode } from "react";
import { LANGUAGES } from "@shared/languages";
import { describedBy } from "@/components/ui/field";

/**
 * A choice of the site's languages, each by its own name in its own language (`lang` on each
 * option, for a screen reader's voice too); `none` is a first option meaning "no choice of its own".
 */
export function LanguageSelect({
  id,
  hint,
  value,
  onChange,
  none,
}: {
  id: string;
  hint: string;
  value: string;
  onChange: (tag: string) => void;
  none?: ReactNode;
}) {
  return (
    <select
      id={id}
      className="input"
      value={value}
      aria-describedby={describedBy(id, hint, undefined, undefined)}
      onChange={(event) => onChange(event.target.value)}
    >
      {none !== undefined ? <option value="">{none}</option> : null}
      {LANGUAGES.map((language) => (
        <option key={language.tag} value={language.tag} lang={language.tag}>
          {language.name}
        </option>
      ))}
    </select>
  );
}
