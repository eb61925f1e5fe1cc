import type { AdminKey, Translate } from "@/lib/i18n";

/** The units above bytes, each 1024 of the one before. */
const UNITS = [
  "adminAuditions.sizeKB",
  "adminAuditions.sizeMB",
  "adminAuditions.sizeGB",
  "adminAuditions.sizeTB",
] as const satisfies AdminKey[];

/** A file's size as people read it, in the admin's language (`locale`): "1.2 GB", "350 MB", "12.0 KB". */
export function fileSize(bytes: number, t: Translate<AdminKey>, locale: string): string {
  if (bytes < 1024) return t("adminAuditions.sizeBytes", { count: bytes });
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value >= 100 ? 0 : 1;
  const size = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return t(UNITS[unit]!, { size });
}
