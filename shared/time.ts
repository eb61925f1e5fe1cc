import type { SiteKey } from "./locales/parts";

/** Seconds as a clock: "4:05", "1:02:03" (hours only when there are some). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** The page's words (the client's `useT()`, the server's translator): a key of the site's catalogue and its values. */
type SayInWords = (key: SiteKey, values: Record<string, unknown>) => string;

/** A duration in words for people, in the page's language: "45 min", "1 h 5 min", "40 s" in English. */
export function formatDuration(totalSeconds: number, t: SayInWords): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return t("duration.seconds", { seconds: s });
  const h = Math.floor(s / 3600);
  const m = Math.round((s % 3600) / 60);
  if (h === 0) return t("duration.minutes", { minutes: m });
  return m > 0 ? t("duration.hoursMinutes", { hours: h, minutes: m }) : t("duration.hours", { hours: h });
}
