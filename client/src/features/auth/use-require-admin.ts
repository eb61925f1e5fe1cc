import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { currentUserQueryOptions, isAdminUser } from "./api";

/**
 * SPEC.md §2, §6: the management pages send anyone who is not the admin to /. (The server refuses
 * their requests anyway: DESIGN.md "Admin only".)
 */
export function useRequireAdmin(): { isPending: boolean; isAdmin: boolean } {
  const { data, isPending } = useQuery(currentUserQueryOptions());
  const [, navigate] = useLocation();
  const isAdmin = isAdminUser(data);
  useEffect(() => {
    if (!isPending && !isAdmin) navigate("/", { replace: true });
  }, [isPending, isAdmin, navigate]);
  return { isPending, isAdmin };
}
