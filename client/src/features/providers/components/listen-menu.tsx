import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { orderedProvidersQueryOptions } from "../api";
import { LISTEN_CLOSE_DELAY_MS, LISTEN_TRIGGER_ID, ListenButtonFace, type ListenIntent } from "./listen-dropdown";
import { ProviderIcon } from "./provider-icon";

const TABBABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), iframe, summary, [tabindex]";

/** The element a Tab from `from` reaches in the page's order, leaving out what is inside `skip`. */
function tabbableAfter(from: HTMLElement, skip: HTMLElement | null): HTMLElement | null {
  const shown = (el: HTMLElement) =>
    typeof el.checkVisibility === "function" ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0;
  const order = Array.from(document.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && !skip?.contains(el) && shown(el),
  );
  return order[order.indexOf(from) + 1] ?? null;
}

/**
 * 'Listen' menu of providers (docs/product.md §2), on Radix's dropdown menu: it renders in a portal, so
 * the banner cannot clip it, stays inside the screen and scrolls inside itself when the providers
 * do not fit; arrow keys, typeahead, Escape and focus return come with it. A mouse opens it by
 * hovering and it closes 150 ms after the pointer has left both button and menu; touch, click and
 * keyboard open it as a menu button. A lazy chunk: the stand-in button in listen-dropdown.tsx
 * loads it when the page is idle or at the first sign of use, and passes on how it was asked for.
 */
export default function ListenMenu({ intent }: { intent: ListenIntent }) {
  const { data: providers, isPending } = useQuery(orderedProvidersQueryOptions());
  const [isOpen, setIsOpen] = useState(intent !== null);
  const [isHoverOpened, setIsHoverOpened] = useState(intent === "hover");
  const closeTimer = useRef<number | undefined>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // Rendered in place of the stand-in while it had focus (read before the stand-in goes).
  const [hadFocus] = useState(() => typeof document !== "undefined" && document.activeElement?.id === LISTEN_TRIGGER_ID);

  useEffect(() => {
    if (intent === "press") {
      // Asked for by a key or a tap before the menu had loaded: its first provider takes focus.
      requestAnimationFrame(() => content.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus());
    } else if (hadFocus) {
      trigger.current?.focus({ preventScroll: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on taking over from the stand-in
  }, []);

  const cancelClose = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  const scheduleClose = () => {
    if (closeTimer.current !== undefined) return;
    closeTimer.current = window.setTimeout(() => {
      closeTimer.current = undefined;
      setIsOpen(false);
    }, LISTEN_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  // Tab leaves a menu and closes it, as menus do (Radix keeps focus in it instead): on to what
  // follows the button, or with Shift back to the button, since the menu belongs right after it
  // although it is drawn at the end of the page.
  const leftByTab = useRef(false);
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey || !trigger.current) return;
    event.preventDefault();
    const to = event.shiftKey ? trigger.current : (tabbableAfter(trigger.current, content.current) ?? trigger.current);
    leftByTab.current = to !== trigger.current;
    cancelClose();
    setIsOpen(false);
    to.focus();
  };

  // While opened by hovering: the pointer over the button or the menu keeps it, anywhere else
  // closes it after the delay (one listener, whichever element the pointer came from).
  useEffect(() => {
    if (!isOpen || !isHoverOpened) return;
    const onPointerMove = (event: PointerEvent) => {
      if (event.pointerType !== "mouse") return;
      const target = event.target as Node | null;
      const isInside = !!target && (!!trigger.current?.contains(target) || !!content.current?.contains(target));
      if (isInside) cancelClose();
      else scheduleClose();
    };
    document.addEventListener("pointermove", onPointerMove);
    return () => document.removeEventListener("pointermove", onPointerMove);
  }, [isOpen, isHoverOpened]);

  return (
    <DropdownMenu.Root
      open={isOpen}
      modal={false}
      onOpenChange={(open) => {
        cancelClose();
        // Opened by a click, a tap or a key: it stays until closed, whatever the pointer does.
        if (open) setIsHoverOpened(false);
        setIsOpen(open);
      }}
    >
      <DropdownMenu.Trigger
        ref={trigger}
        id={LISTEN_TRIGGER_ID}
        className="banner-btn"
        onPointerEnter={(event) => {
          if (event.pointerType !== "mouse") return;
          cancelClose();
          if (!isOpen) {
            setIsHoverOpened(true);
            setIsOpen(true);
          }
        }}
        onPointerDown={(event) => {
          // A click on a menu the pointer already opened keeps it open instead of toggling it shut.
          if (event.pointerType === "mouse" && isOpen && isHoverOpened) event.preventDefault();
        }}
      >
        <ListenButtonFace />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={content}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Podcast providers"
          onKeyDown={onMenuKeyDown}
          onCloseAutoFocus={(event) => {
            // Focus went on by Tab: it stays there rather than going back to the button.
            if (leftByTab.current) event.preventDefault();
            leftByTab.current = false;
          }}
          // A press on the button is the button's to handle (toggle, or keep a hovered menu open),
          // not a press outside the menu that closes it.
          onPointerDownOutside={(event) => {
            if (trigger.current?.contains(event.target as Node)) event.preventDefault();
          }}
          className="listen-menu z-30 overflow-y-auto rounded-xl bg-white p-2 text-menu-ink shadow-2xl ring-1 ring-black/10"
        >
          {isPending ? (
            <p className="px-3 py-2" role="status">
              Loading providers...
            </p>
          ) : !providers || providers.length === 0 ? (
            <p className="px-3 py-2">No podcast providers available at the moment.</p>
          ) : (
            providers.map((provider) => (
              <DropdownMenu.Item key={provider.id} asChild>
                <a
                  href={provider.url}
                  target="_blank"
                  rel="noopener"
                  data-track={`provider:${provider.id}`}
                  className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium no-underline outline-none hover:bg-black/5 data-[highlighted]:bg-black/10 data-[highlighted]:ring-2 data-[highlighted]:ring-menu-ink"
                >
                  <ProviderIcon icon={provider.icon} />
                  <span dir="auto" className="min-w-0 wrap-anywhere">
                    {provider.name}
                  </span>
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </DropdownMenu.Item>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
