import type { ReactNode } from "react";
import { pictureSources, variantPath } from "@shared/pictures";
import { useT } from "@/lib/i18n";

const DESKTOP = "(min-width: 1024px)";

/**
 * The header banner (docs/product.md §2): the desktop picture at 1024 px or wider, the mobile one
 * below; the owner's (in the sizes made for them, AVIF first) or the shipped ones. Width and
 * height on every source reserve the space, so nothing shifts while it loads.
 */
export function Banner({
  title,
  tagline,
  nav,
  images,
}: {
  title: string;
  tagline?: string;
  nav?: ReactNode;
  /** The owner's banners (/objects/{id}), when set. */
  images?: { desktop: string | null; mobile: string | null };
}) {
  const t = useT();
  const desktop = images?.desktop ? pictureSources(images.desktop, "banner-desktop") : null;
  const mobile = images?.mobile ? pictureSources(images.mobile, "banner-mobile") : null;
  return (
    <header className="relative overflow-hidden bg-banner text-white">
      <picture>
        {desktop ? (
          desktop.map((s) => (
            <source key={`d-${s.type}`} media={DESKTOP} type={s.type} srcSet={s.srcSet} sizes="100vw" width={1600} height={480} />
          ))
        ) : (
          <source media={DESKTOP} srcSet="/banner-desktop.svg" width={1600} height={480} />
        )}
        {mobile?.slice(0, -1).map((s) => (
          <source key={`m-${s.type}`} type={s.type} srcSet={s.srcSet} sizes="100vw" width={800} height={560} />
        ))}
        <img
          src={images?.mobile ? variantPath(images.mobile, "banner-mobile", 800, "jpeg") : "/banner-mobile.svg"}
          srcSet={mobile?.at(-1)?.srcSet}
          sizes={mobile ? "100vw" : undefined}
          width={800}
          height={560}
          alt=""
          className="block h-auto w-full"
          fetchPriority="high"
          decoding="async"
        />
      </picture>
      <div className="absolute inset-0 flex flex-col justify-between p-4 sm:p-6 lg:px-12 lg:py-8">
        {nav ? (
          <nav aria-label={t("banner.navLabel")} className="flex justify-end gap-2 sm:gap-3">
            {nav}
          </nav>
        ) : (
          <span />
        )}
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
