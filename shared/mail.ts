import { z } from "zod";

/**
 * E-mail (docs/product.md "E-mail"): the owner's short note to a candidate, and whether the site
 * sends e-mail at all. Both sides read this file: the server checks with it, the admin's dialog
 * follows it.
 */
export const NOTE_MAX_LENGTH = 2_000;

/** `POST /api/auditions/{id}/note`: the words the candidate gets, as the owner left them. */
export const candidateNoteSchema = z.strictObject({
  text: z
    .string("validation.required")
    .trim()
    .min(1, "validation.required")
    .max(NOTE_MAX_LENGTH, "validation.notesTooLong")
    .refine((s) => !s.includes("\u0000"), "validation.noNul"),
});

/** `GET /api/mail/status` (admin): whether SMTP_URL is set, so notes can be sent. */
export interface MailStatus {
  mail: boolean;
}
