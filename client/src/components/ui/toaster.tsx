import * as ToastPrimitive from "@radix-ui/react-toast";
import { cn } from "@/lib/cn";
import { textDirection } from "@shared/languages";
import { useLocale, useT } from "@/lib/i18n";
import { dismissToast, ERROR_TITLE, useCurrentToast } from "./toast-store";
import { useCloseButton } from "./close-button";

/** docs/product.md §9: 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region, one at a time. */
const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;

export function Toaster() {
  const message = useCurrentToast();
  const t = useT();
  // Toasts sit at the end of the line (bottom left, right to left) and are swiped away toward it.
  const swipe = textDirection(useLocale()) === "rtl" ? "left" : "right";
  const closeButton = useCloseButton();
  // A failure toast's 'Error' is said in the page's language (toast-store.ts).
  const title = message?.variant === "destructive" && message.title === ERROR_TITLE ? t("toast.errorTitle") : message?.title;
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection={swipe} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {message ? (
        <ToastPrimitive.Root
          key={message.id}
          className={cn("toast-root", message.variant === "destructive" ? "panel-destructive" : "panel")}
          type={message.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id);
          }}
          data-variant={message.variant}
        >
          <ToastPrimitive.Title className="font-bold">{title}</ToastPrimitive.Title>
          {message.description ? (
            <ToastPrimitive.Description className="mt-1 text-sm">{message.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close
            {...closeButton}
            className="absolute end-2 top-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-transparent text-lg"
          />
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="toast-viewport" hotkey={["F8"]} />
    </ToastPrimitive.Provider>
  );
}
