/**
 * How the audition log names the candidate of a try that worked: by the number after the
 * prefix, which is all the log keeps (the prefix is the audition's secret).
 */
export const candidateLabel = (code: string | null): string => (code ? `Candidate ${code}` : "—");
