import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { orderedProvidersQueryOptions } from "../api";
import { ProviderIcon } from "./provider-icon";

/** SPEC.md §9: the dropdown closes 150 ms after the pointer leaves. */
export const LISTEN_CLOSE_DELAY_MS = 150;

/**
 * 'Listen' menu of providers: opens on hover (mouse), on click or tap (touch and keyboard), and
 * with ArrowDown; Escape closes it and returns focus to the button.
 */
export function ListenDropdown() {
  const { data: providers, isPending } = useQuery(orderedProvidersQueryOptions());
  const [isOpen, setIsOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const open = () => {
    cancelClose();
    setIsOpen(true);
  };
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setIsOpen(false), LISTEN_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setIsOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [isOpen]);

  const focusItem = (delta: number | "first" | "last") => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? [])];
    if (items.length === 0) return;
    const current = items.indexOf(document.activeElement as HTMLElement);
    const next =
      delta === "first" ? 0 : delta === "last" ? items.length - 1 : (current + delta + items.length) % items.length;
    items[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape" && isOpen) {
      e.preventDefault();
      setIsOpen(false);
      button.current?.focus();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!isOpen) setIsOpen(true);
      requestAnimationFrame(() => focusItem(isOpen ? 1 : "first"));
    } else if (e.key === "ArrowUp" && isOpen) {
      e.preventDefault();
      focusItem(-1);
    } else if (e.key === "Tab" && isOpen) {
      // Leaving the menu by Tab closes it once focus has moved on.
      requestAnimationFrame(() => {
        if (root.current && !root.current.contains(document.activeElement)) setIsOpen(false);
      });
    }
  };

  return (
    <div
      ref={root}
      className="relative"
      onPointerEnter={(e) => e.pointerType === "mouse" && open()}
      onPointerLeave={(e) => e.pointerType === "mouse" && scheduleClose()}
      onKeyDown={onKeyDown}
    >
      <button
        ref={button}
        type="button"
        className="banner-btn"
        aria-haspopup="true"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => (isOpen ? setIsOpen(false) : open())}
      >
        Listen
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div
        id={menuId}
        hidden={!isOpen}
        className="absolute right-0 z-30 mt-2 w-64 rounded-xl bg-white p-2 text-[#1a1020] shadow-2xl ring-1 ring-black/10"
      >
        {isPending ? (
          <p className="px-3 py-2" role="status">
            Loading providers...
          </p>
        ) : !providers || providers.length === 0 ? (
          <p className="px-3 py-2">No podcast providers available at the moment.</p>
        ) : (
          <ul aria-label="Podcast providers">
            {providers.map((provider) => (
              <li key={provider.id}>
                <a
                  data-menu-item
                  href={provider.url}
                  target="_blank"
                  rel="noopener"
                  className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium no-underline hover:bg-black/5 focus-visible:outline-[#1a1020]"
                  onClick={() => setIsOpen(false)}
                >
                  <ProviderIcon provider={provider} />
                  <span>{provider.name}</span>
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
