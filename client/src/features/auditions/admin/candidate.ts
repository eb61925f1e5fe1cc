import type { AdminKey, Translate } from "@/lib/i18n";

/**
 * How the audition log names the candidate of a try that worked: by the number after the
 * prefix, which is all the log keeps (the prefix is the audition's secret).
 */
export const candidateLabel = (t: Translate<AdminKey>, code: string | null): string =>
  code ? t("adminAuditions.candidate", { code }) : "—";
