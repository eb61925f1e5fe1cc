import { useRef, type ReactNode } from "react";
import { textDirection } from "@shared/languages";
import { useLocale } from "@/lib/i18n";

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d={direction === "left" ? "M15 18l-6-6 6-6" : "M9 18l6-6-6-6"} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A horizontally scrolling strip with left and right buttons that scroll by `step` px; the
 * buttons are named by `scrollLabels` ('Scroll episodes left', whole sentences of the catalogue).
 */
export function ScrollStrip({
  id,
  title,
  step,
  scrollLabels,
  children,
}: {
  id: string;
  title: string;
  step: number;
  scrollLabels: { left: string; right: string };
  children: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const scrollBy = (dx: number) => scroller.current?.scrollBy({ left: dx, behavior: "smooth" });
  // Mirrored right to left: the strip starts at the right, so the first button (at the start)
  // points and scrolls right, the second left; each says where it scrolls on the screen.
  const rtl = textDirection(useLocale()) === "rtl";
  const [towardStart, towardEnd] = rtl ? (["right", "left"] as const) : (["left", "right"] as const);
  return (
    <section aria-labelledby={`${id}-heading`} className="mx-auto w-full max-w-6xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-bold">
          {title}
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn btn-ghost !px-3"
            aria-label={scrollLabels[towardStart]}
            aria-controls={id}
            onClick={() => scrollBy(rtl ? step : -step)}
          >
            <Chevron direction={towardStart} />
          </button>
          <button
            type="button"
            className="btn btn-ghost !px-3"
            aria-label={scrollLabels[towardEnd]}
            aria-controls={id}
            onClick={() => scrollBy(rtl ? -step : step)}
          >
            <Chevron direction={towardEnd} />
          </button>
        </div>
      </div>
      <div id={id} ref={scroller} className="scroll-strip flex gap-4 overflow-x-auto pb-4" data-scroll-step={step}>
        {children}
      </div>
    </section>
  );
}
