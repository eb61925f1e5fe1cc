import { useEffect, useRef, useState, type ReactNode } from "react";
import { facebookShareUrl, instagramShareUrl, linkedInShareUrl, xShareUrl, type ShareTarget } from "@shared/share";
import { useT, type SiteKey } from "@/lib/i18n";

/** docs/product.md §9: the copy button confirms for 2 seconds; a toast shows for 5,000 ms. */
const COPY_CONFIRMATION_MS = 2000;
const NOTICE_DURATION_MS = 5000;

type Notice = { title: string; text: string; isError?: boolean } | null;

/** Copying with its 2 s confirmation state and a spoken notice (docs/product.md §8 texts). */
export function useCopyLink(url: string) {
  const t = useT();
  const [isCopied, setIsCopied] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const timer = useRef<number | undefined>(undefined);
  const noticeTimer = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      window.clearTimeout(noticeTimer.current);
    },
    [],
  );
  const show = (next: Notice) => {
    setNotice(next);
    window.clearTimeout(noticeTimer.current);
    noticeTimer.current = window.setTimeout(() => setNotice(null), NOTICE_DURATION_MS);
  };
  const dismiss = () => {
    window.clearTimeout(noticeTimer.current);
    setNotice(null);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
      show({ title: t("share.copiedTitle"), text: t("share.copiedText") });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setIsCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      show({ title: t("share.copyFailedTitle"), text: t("share.copyFailedText"), isError: true });
    }
  };
  return { isCopied, notice, copy, dismiss };
}

/** The copy notice: white, or dark red when copying failed (two fixed tones, so no variant library on visitors' pages). */
const COPY_NOTICE = "pointer-events-auto relative rounded-xl py-3 ps-4 pe-12 shadow-xl";
const COPY_NOTICE_TONE = { info: "bg-white text-ink", error: "bg-danger-strong text-white" } as const;

/** The copy toast: it goes after 5,000 ms (docs/product.md §9), or at once with its close button. */
export function CopyNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      {notice ? (
        <div className={`${COPY_NOTICE} ${COPY_NOTICE_TONE[notice.isError ? "error" : "info"]}`}>
          <p className="font-bold">{notice.title}</p>
          <p className="text-sm">{notice.text}</p>
          <button
            type="button"
            onClick={onDismiss}
            aria-label={t("common.close")}
            className="absolute end-1 top-1 inline-flex h-10 w-10 items-center justify-center rounded-full text-xl hover:bg-black/10"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}

function ShareLink({ href, label, network, children }: { href: string; label: string; network: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn-ghost !px-3"
      aria-label={label}
      data-track={`share:${network}`}
    >
      {children}
    </a>
  );
}

/** What is shared: a clip (docs/product.md §2) or an episode, named in the buttons' labels. */
type Noun = "clip" | "episode";

/** The share buttons' group, and the phone's bar, name what they share. */
const GROUP_LABELS: Record<Noun, SiteKey> = { clip: "share.groupClip", episode: "share.groupEpisode" };
const BAR_LABELS: Record<Noun, SiteKey> = { clip: "share.barClip", episode: "share.barEpisode" };

/** What both ways of sharing take: what is shared, the copy state and its action, and the noun. */
interface ShareProps {
  target: ShareTarget;
  isCopied: boolean;
  onCopy: () => void;
  noun?: Noun;
}

/** Wide screens: copy link, X, Facebook, LinkedIn, Instagram in the top bar. */
export function ShareButtons({ target, isCopied, onCopy, noun = "clip" }: ShareProps) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t(GROUP_LABELS[noun])}>
      <button type="button" className="btn btn-ghost !px-3" onClick={onCopy} data-track="share:copy">
        {isCopied ? t("share.copied") : t("share.copyLink")}
      </button>
      <ShareLink href={xShareUrl(target)} label={t("share.onX")} network="x">
        X
      </ShareLink>
      <ShareLink href={facebookShareUrl(target)} label={t("share.onFacebook")} network="facebook">
        Facebook
      </ShareLink>
      <ShareLink href={linkedInShareUrl(target)} label={t("share.onLinkedIn")} network="linkedin">
        LinkedIn
      </ShareLink>
      <ShareLink href={instagramShareUrl()} label={t("share.openInstagram")} network="instagram">
        Instagram
      </ShareLink>
    </div>
  );
}

/**
 * Phones: a sticky 'Share This Clip' bar. The device's share sheet when it has one (a failure
 * copies the link instead); otherwise the bar toggles a panel (docs/product.md §4).
 */
export function MobileShareBar({ target, isCopied, onCopy, noun = "clip" }: ShareProps) {
  const t = useT();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const onShare = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: target.title, text: target.keyQuote || target.title, url: target.url });
      } catch (err) {
        if ((err as DOMException)?.name !== "AbortError") await onCopy();
      }
      return;
    }
    setIsPanelOpen((open) => !open);
  };
  return (
    <div className="sticky bottom-0 z-20 border-t border-fg/25 themed-surface px-4 py-3 desktop:hidden">
      <div id="share-panel" hidden={!isPanelOpen} role="group" aria-label={t("share.options")}>
        <div className="mb-3 grid grid-cols-2 gap-2">
          <button type="button" className="btn btn-ghost" onClick={onCopy} data-track="share:copy">
            {isCopied ? t("share.copied") : t("share.copy")}
          </button>
          <a className="btn btn-ghost" href={xShareUrl(target)} target="_blank" rel="noopener noreferrer" data-track="share:x">
            X
          </a>
          <a
            className="btn btn-ghost"
            href={facebookShareUrl(target)}
            target="_blank"
            rel="noopener noreferrer"
            data-track="share:facebook"
          >
            Facebook
          </a>
          <a className="btn btn-ghost" href={instagramShareUrl()} target="_blank" rel="noopener noreferrer" data-track="share:instagram">
            Instagram
          </a>
          <button type="button" className="btn btn-ghost col-span-2" onClick={() => setIsPanelOpen(false)}>
            {t("common.close")}
          </button>
        </div>
      </div>
      <button
        type="button"
        className="btn w-full"
        onClick={onShare}
        aria-expanded={isPanelOpen}
        aria-controls="share-panel"
        data-track="share:native"
      >
        {t(BAR_LABELS[noun])}
      </button>
    </div>
  );
}
