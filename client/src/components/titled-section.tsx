import type { CSSProperties, ReactNode } from "react";

/** A section of a page named by its own h2, so a screen reader lists it among the page's regions. */
export function TitledSection({
  id,
  title,
  className,
  style,
  headingClassName = "text-2xl font-bold",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  style?: CSSProperties;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className} style={style}>
      <h2 id={`${id}-heading`} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
