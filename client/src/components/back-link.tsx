import { Link } from "wouter";

export function BackLink({ label = "Back to Home", href = "/" }: { label?: string; href?: string }) {
  return (
    <Link href={href} className="btn btn-ghost">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {label}
    </Link>
  );
}
