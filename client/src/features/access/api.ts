import { queryOptions } from "@tanstack/react-query";
import type { PendingInvitation, Person } from "@shared/access";
import type { CurrentUser } from "@shared/api";
import { apiClient } from "@/lib/api-client";

export const peopleKey = ["users"] as const;
const invitationsKey = ["users", "invitations"] as const;

/** The people with access (the owner's; an editor's request is refused with 403). */
export const peopleQueryOptions = () => queryOptions({ queryKey: peopleKey, queryFn: () => apiClient.get<Person[]>("/api/users") });

/** The invitations not used yet and not expired. */
export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsKey, queryFn: () => apiClient.get<PendingInvitation[]>("/api/users/invitations") });

/** Whether the signed-in person is an owner (who sees the people, the backup, the feed address and the theme). */
export const isOwner = (user: CurrentUser | null | undefined): boolean => user?.role === "owner";
