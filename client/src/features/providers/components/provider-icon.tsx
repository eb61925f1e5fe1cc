import type { Provider } from "@shared/api";

/** SPEC.md §3: an /objects/ path is an uploaded image; anything else is an icon name. */
export function ProviderIcon({ provider, size = 24 }: { provider: Provider; size?: number }) {
  if (provider.icon.startsWith("/objects/")) {
    return <img src={provider.icon} alt="" width={size} height={size} className="shrink-0 rounded object-contain" style={{ width: size, height: size }} />;
  }
  // No icon font ships to visitors: an icon name shows as the provider's initial in a badge.
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-[#3a2340] font-bold text-white"
      style={{ width: size, height: size, fontSize: size * 0.5 }}
      data-icon={provider.icon}
    >
      {provider.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
