import type { ReactNode } from "react";

/**
 * The header banner (docs/product.md §2): the desktop artwork at 1024 px or wider, the mobile one below.
 * Width and height on both sources reserve the space, so nothing shifts while it loads.
 */
export function Banner({ title, tagline, nav }: { title: string; tagline?: string; nav?: ReactNode }) {
  return (
    <header className="relative overflow-hidden bg-banner text-white">
      <picture>
        <source media="(min-width: 1024px)" srcSet="/banner-desktop.svg" width={1600} height={480} />
        <img
          src="/banner-mobile.svg"
          width={800}
          height={560}
          alt=""
          className="block h-auto w-full"
          fetchPriority="high"
          decoding="async"
        />
      </picture>
      <div className="absolute inset-0 flex flex-col justify-between p-4 sm:p-6 lg:px-12 lg:py-8">
        {nav ? <nav aria-label="Main" className="flex justify-end gap-2 sm:gap-3">{nav}</nav> : <span />}
        <div className="max-w-xl rounded-2xl bg-banner-panel/75 p-4 backdrop-blur-sm lg:p-6">
          <p dir="auto" className="text-xl font-extrabold leading-tight wrap-anywhere sm:text-3xl lg:text-4xl">
            {title}
          </p>
          {tagline ? (
            <p dir="auto" className="mt-1 text-sm sm:text-base">
              {tagline}
            </p>
          ) : null}
        </div>
      </div>
    </header>
  );
}
