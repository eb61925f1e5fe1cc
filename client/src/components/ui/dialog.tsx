import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { useCloseButton } from "./close-button";

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/**
 * A modal panel: focus is trapped inside, Escape and the close button close it, and on closing
 * focus goes back to what had it when the panel opened. Radix returns it to the dialog's
 * trigger, and these dialogs open from buttons elsewhere, a shortcut or another dialog, so
 * without this focus would fall to the page's body.
 */
export function DialogContent({
  title,
  description,
  children,
  className,
  onEscapeKeyDown,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}) {
  // Radix announces the opening before it moves focus inside: what has focus then opened it.
  const opener = useRef<HTMLElement | null>(null);
  const closeButton = useCloseButton();
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    const element = opener.current;
    if (!element?.isConnected || element === document.body) return;
    event.preventDefault();
    element.focus();
  };
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="dialog-overlay" />
      <DialogPrimitive.Content
        className={cn("dialog-content panel", className)}
        onEscapeKeyDown={onEscapeKeyDown}
        onOpenAutoFocus={rememberOpener}
        onCloseAutoFocus={returnFocus}
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <DialogPrimitive.Title className="pe-10 text-xl font-bold">{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-ink-muted">{description}</DialogPrimitive.Description>
        ) : null}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close
          {...closeButton}
          className="absolute end-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-2xl hover:bg-surface-muted"
        />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * Escape closes this dialog even when something else inside or above it would take the key
 * first: a widget of its own (Uppy's dashboard) or a toast shown over it. A keyboard user is
 * never stuck in an open dialog. The listener sits on window in the capture phase, ahead of them.
 */
export function useEscapeCloses(isOpen: boolean, close: () => void): void {
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.isComposing) return;
      event.stopPropagation();
      event.preventDefault();
      close();
    };
    window.addEventListener("keydown", onKeyDown, { capture: true });
    return () => window.removeEventListener("keydown", onKeyDown, { capture: true });
  }, [isOpen, close]);
}
