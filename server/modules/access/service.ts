import crypto from "node:crypto";
import type { Person, PendingInvitation, Role } from "../../../shared/access";
import { INVITATION_DAYS } from "../../../shared/access";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/errors";
import { endSessionsOfUser, hashPassword, type ScryptCost } from "../auth";
import * as store from "./storage";

const asRole = (role: string): Role => (role === "owner" ? "owner" : "editor");
/** An invitation's token is kept only as this hash: a copy of the database opens no door. */
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export interface AccessService {
  list(): Promise<Person[]>;
  pending(): Promise<PendingInvitation[]>;
  /** A link for `email` to set a password and come in as `role`; 409 when the address already has access. */
  invite(input: { email: string; role: Role }, invitedBy: number | null): Promise<{ url: string }>;
  /** Uses an invitation once: the person exists and may log in. 410 when the link is used, expired or unknown. */
  accept(input: { token: string; password: string }): Promise<{ email: string }>;
  revoke(invitationId: number): Promise<void>;
  /** Removes a person and ends their sessions at once; 409 for the last owner. */
  remove(id: number): Promise<void>;
  /** Whom the site writes to (the owners' addresses, first owner first). */
  ownerEmails(): Promise<string[]>;
}

/**
 * The people with access (docs/product.md "People with access"): invitations by link (a random
 * token, kept hashed, valid 7 days, used once), the list, and removal that ends the person's
 * sessions at once (and Passport refuses a session whose person no longer exists).
 */
export function createAccessService(db: Db, options: { publicUrl: string; passwordCost?: ScryptCost }): AccessService {
  return {
    async list() {
      return (await store.listUsers(db)).map((u) => ({ ...u, role: asRole(u.role), createdAt: u.createdAt.toISOString() }));
    },
    async pending() {
      return (await store.listPendingInvitations(db)).map((i) => ({
        ...i,
        role: asRole(i.role),
        createdAt: i.createdAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
      }));
    },
    async invite({ email, role }, invitedBy) {
      if (await store.userExists(db, email)) throw new AppError("CONFLICT", "error.alreadyHasAccess");
      const token = crypto.randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
      // A new invitation replaces the ones before it to the same address: an older link answers 410, as a used one does.
      await db.transaction(async (tx) => {
        await store.deletePendingInvitationsTo(tx, email);
        await store.insertInvitation(tx, { email, role, tokenHash: hashToken(token), invitedBy, expiresAt });
      });
      return { url: new URL(`/welcome/${token}`, options.publicUrl).href };
    },
    async accept({ token, password }) {
      // A token that opens nothing is refused before any hashing: only the invitee's link costs a scrypt.
      if (!(await store.takeInvitation(db, hashToken(token)))) throw new AppError("GONE", "error.invitationGone");
      // Hashed before the transaction: scrypt's time holds no lock.
      const passwordHash = await hashPassword(password, options.passwordCost);
      return db.transaction(async (tx) => {
        const invitation = await store.takeInvitation(tx, hashToken(token));
        if (!invitation) throw new AppError("GONE", "error.invitationGone");
        if (await store.userExists(tx, invitation.email)) throw new AppError("CONFLICT", "error.alreadyHasAccess");
        await store.insertPerson(tx, { email: invitation.email, role: invitation.role, passwordHash });
        await store.markAccepted(tx, invitation.id);
        return { email: invitation.email };
      });
    },
    async revoke(invitationId) {
      if (!(await store.deletePendingInvitation(db, invitationId))) throw notFound("error.invitationNotFound");
    },
    async remove(id) {
      await db.transaction(async (tx) => {
        const owners = await store.lockOwners(tx);
        const person = await store.findUser(tx, id);
        if (!person) throw notFound("error.userNotFound");
        if (person.role === "owner" && owners.length <= 1) throw new AppError("CONFLICT", "error.lastOwner");
        await store.deleteUser(tx, id);
        await endSessionsOfUser(tx, id);
      });
    },
    ownerEmails: () => store.ownerEmails(db),
  };
}
