import { Link } from "wouter";
import { useT } from "@/lib/i18n";

/** A link back, by default to the home page ('Back to Home'); its arrow points to the line's start (right, right to left). */
export function BackLink({ label, href = "/" }: { label?: string; href?: string }) {
  const t = useT();
  return (
    <Link href={href} className="btn btn-ghost">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {label ?? t("common.backToHome")}
    </Link>
  );
}
