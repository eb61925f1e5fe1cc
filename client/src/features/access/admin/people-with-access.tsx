import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { Role } from "@shared/access";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { TextField } from "@/components/ui/field";
import { toast, toastError } from "@/components/ui/toast-store";
import { localDate } from "@/lib/dates";
import { useAdminT, useLocale } from "@/lib/i18n";
import { invitationsQueryOptions, peopleQueryOptions } from "../api";
import { useInvite, useRemovePerson, useRevokeInvitation } from "./mutations";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The owner's screen of the people with access (docs/product.md "People with access"). */
export function PeopleWithAccess({ myEmail }: { myEmail: string | undefined }) {
  return (
    <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <InviteCard />
      <div className="flex flex-col gap-6">
        <PeopleCard myEmail={myEmail} />
        <PendingCard />
      </div>
    </div>
  );
}

function RoleName({ role }: { role: Role }) {
  const t = useAdminT();
  return <>{role === "owner" ? t("access.roleOwner") : t("access.roleEditor")}</>;
}

function PeopleCard({ myEmail }: { myEmail: string | undefined }) {
  const t = useAdminT();
  const locale = useLocale();
  const people = useQuery(peopleQueryOptions());
  const remove = useRemovePerson();
  const onRemove = (id: number, email: string) => {
    if (!window.confirm(t("access.confirmRemove", { email }))) return;
    remove.mutate(id, {
      onSuccess: () => toast({ title: t("access.removed", { email }) }),
      onError: (error) => toastError(messageOf(error)),
    });
  };
  const list = people.data ?? [];
  return (
    <AdminCard id="people" title={t("access.listTitle")}>
      <ListStates isPending={people.isPending} isEmpty={list.length === 0} empty={null}>
        <ul className="mt-4 space-y-3" aria-label={t("access.listTitle")}>
          {list.map((person) => (
            <li
              key={person.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3"
            >
              <div className="min-w-0">
                <p className="font-semibold break-all">
                  {person.email} {person.email === myEmail ? <span className="font-normal">{t("access.you")}</span> : null}
                </p>
                <p className="text-sm">
                  <span className="badge">
                    <RoleName role={person.role} />
                  </span>{" "}
                  {t("access.since", { date: localDate(person.createdAt, false, locale) })}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={t("access.removeItem", { email: person.email })}
                disabled={remove.isPending}
                onClick={() => onRemove(person.id, person.email)}
              >
                {t("access.remove")}
              </button>
            </li>
          ))}
        </ul>
      </ListStates>
    </AdminCard>
  );
}

function PendingCard() {
  const t = useAdminT();
  const locale = useLocale();
  const invitations = useQuery(invitationsQueryOptions());
  const revoke = useRevokeInvitation();
  const list = invitations.data ?? [];
  return (
    <AdminCard id="pending-invitations" title={t("access.pendingTitle")}>
      <ListStates isPending={invitations.isPending} isEmpty={list.length === 0} empty={<p className="mt-4">{t("access.noPending")}</p>}>
        <ul className="mt-4 space-y-3" aria-label={t("access.pendingTitle")}>
          {list.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3"
            >
              <div className="min-w-0">
                <p className="font-semibold break-all">{invitation.email}</p>
                <p className="text-sm">
                  <span className="badge">
                    <RoleName role={invitation.role} />
                  </span>{" "}
                  {t("access.expires", { date: localDate(invitation.expiresAt, true, locale) })}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={t("access.revokeItem", { email: invitation.email })}
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () => toast({ title: t("access.revoked") }),
                    onError: (error) => toastError(messageOf(error)),
                  })
                }
              >
                {t("access.revoke")}
              </button>
            </li>
          ))}
        </ul>
      </ListStates>
    </AdminCard>
  );
}

function InviteCard() {
  const t = useAdminT();
  const roleId = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const invite = useInvite();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: ({ url }) => {
          setLink({ email: email.trim(), url });
          setEmail("");
        },
        onError: (error) => toastError(messageOf(error)),
      },
    );
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast({ title: t("access.copied") });
    } catch {
      toastError(t("access.copyFailed"));
    }
  };
  return (
    <AdminCard id="invite" title={t("access.inviteTitle")}>
      <p className="mt-2 text-sm">{t("access.inviteHelp")}</p>
      <form className="mt-4 space-y-4" onSubmit={onSubmit}>
        <TextField
          label={t("access.email")}
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <div>
          <label htmlFor={roleId} className="block font-semibold">
            {t("access.role")}
          </label>
          <select id={roleId} className="input mt-1 w-full" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
            <option value="editor">{t("access.roleEditor")}</option>
            <option value="owner">{t("access.roleOwner")}</option>
          </select>
          <p className="mt-1 text-sm">{t("access.roleHelp")}</p>
        </div>
        <button type="submit" className="btn" disabled={invite.isPending}>
          {invite.isPending ? t("access.inviting") : t("access.invite")}
        </button>
      </form>
      {link ? (
        <div className="mt-6" role="status">
          <label className="block font-semibold" htmlFor={`${roleId}-link`}>
            {t("access.linkLabel", { email: link.email })}
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              id={`${roleId}-link`}
              className="input min-w-0 flex-1"
              readOnly
              value={link.url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="btn" onClick={() => void copy()}>
              {t("access.copy")}
            </button>
          </div>
        </div>
      ) : null}
    </AdminCard>
  );
}
