import { z } from "zod";
import { LIMITS } from "./api";

/**
 * People with access (docs/product.md "People with access"): an `owner` may do everything, an
 * `editor` the content, clips, episodes, providers, messages and hand-ins, not the people with
 * access, the backup, the feed address or the theme. The server's rule is one table,
 * server/modules/auth/roles.ts.
 */
const ROLES = ["owner", "editor"] as const;
export type Role = (typeof ROLES)[number];

/** An invitation link's password: at least this many characters. */
export const MIN_PASSWORD_LENGTH = 12;
/** An invitation link is valid this long. */
export const INVITATION_DAYS = 7;

const noNul = (s: string) => !s.includes("\u0000");

export const invitationSchema = z.strictObject({
  email: z.email("validation.email").max(LIMITS.email, "validation.tooLong"),
  role: z.enum(ROLES, { error: "validation.role" }),
});

export const acceptInvitationSchema = z.strictObject({
  token: z.string().min(1, "validation.required").max(200, "validation.isTooLong"),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, "validation.tooShort")
    .max(LIMITS.password, "validation.isTooLong")
    .refine(noNul, "validation.noNul"),
});

export type InvitationInput = z.infer<typeof invitationSchema>;

/** `GET /api/users`: each person with access. */
export interface Person {
  id: number;
  email: string;
  role: Role;
  createdAt: string;
}

/** `GET /api/users/invitations`: the invitations not used yet and not expired. */
export interface PendingInvitation {
  id: number;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
}
