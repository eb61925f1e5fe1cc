import { Link } from "wouter";
import { href } from "@shared/routes";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";
import { useMessagesEnabled } from "../api";

/**
 * 'Send us a message', where the owner takes messages (`messages_enabled`): to /message, from an
 * episode's page with the episode named (`/message?episode={slug}`). Nothing otherwise.
 */
export function MessageLink({ episodeSlug, className }: { episodeSlug?: string; className?: string }) {
  const t = useT();
  if (!useMessagesEnabled()) return null;
  return (
    <Link href={href.message(episodeSlug)} className={cn("btn btn-ghost", className)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path
          d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {t("message.link")}
    </Link>
  );
}
