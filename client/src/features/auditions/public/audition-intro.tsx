import { useT } from "@/lib/i18n";
import { cardStyle } from "@/lib/site";
import { DEFAULT_EDITORS_BULLETS, DEFAULT_EDITORS_INTRO } from "./defaults";

function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The intro card; empty settings fall back to the defaults of docs/product.md §9. */
export function AuditionIntro({ intro, bullets: stored }: { intro?: string; bullets: (string | undefined)[] }) {
  const t = useT();
  const paragraphs = paragraphsOf(intro?.trim() || t(DEFAULT_EDITORS_INTRO));
  const bullets = DEFAULT_EDITORS_BULLETS.map((fallback, i) => stored[i]?.trim() || t(fallback));
  return (
    <section aria-labelledby="audition-intro-heading" className="card p-6 sm:p-8" style={cardStyle(0.3)}>
      <h1 id="audition-intro-heading" className="text-2xl font-extrabold sm:text-3xl">
        {t("audition.heading")}
      </h1>
      <div className="mt-4 flex flex-col gap-3 text-lg leading-relaxed">
        {paragraphs.map((p, i) => (
          <p key={i} dir="auto" className={i === 0 ? "font-bold whitespace-pre-line" : "whitespace-pre-line"}>
            {p}
          </p>
        ))}
        <p>{t("audition.job")}</p>
        <ul className="ms-6 list-disc">
          {bullets.map((b, i) => (
            <li key={i} dir="auto">
              {b}
            </li>
          ))}
        </ul>
        <p>{t("audition.files")}</p>
      </div>
    </section>
  );
}
