import { useQuery } from "@tanstack/react-query";
import type { Clip } from "@shared/api";
import { BackLink } from "@/components/back-link";
import { NotFoundNotice } from "@/components/not-found-notice";
import { YouTubeEmbed } from "@/components/embed-facade";
import { usePageTitle } from "@/hooks/use-page-title";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n";
import { clipBySlugQueryOptions } from "../api";
import { ClipArticle } from "./clip-article";
import { useAbsoluteUrl } from "@/lib/page-context";
import { CopyNotice, MobileShareBar, ShareButtons, useCopyLink } from "@/components/share-buttons";
import { href } from "@shared/routes";
import { KeyQuote } from "./key-quote";

function ClipDetail({ clip }: { clip: Clip }) {
  const url = useAbsoluteUrl(href.clip(clip.slug));
  const target = { url, title: clip.title, keyQuote: clip.keyQuote };
  const { isCopied, notice, copy, dismiss } = useCopyLink(url);
  const t = useT();
  usePageTitle(clip.title);
  return (
    <>
      <header className="themed-surface sticky top-0 z-20 border-b border-fg/25">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <BackLink />
          <div className="mobile:hidden">
            <ShareButtons target={target} isCopied={isCopied} onCopy={copy} />
          </div>
        </div>
      </header>
      {/* The clip's VideoObject is the server's JSON-LD in the page's head, said once. */}
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        <h1 dir="auto" className="text-3xl font-extrabold leading-tight wrap-anywhere sm:text-4xl">
          {clip.title}
        </h1>
        <KeyQuote quote={clip.keyQuote} as="blockquote" className="mt-4 border-s-4 border-fg ps-4 text-xl italic wrap-anywhere" />
        <div className="mt-8 flex flex-col gap-8 lg:flex-row lg:items-start">
          <div className="mx-auto w-full max-w-[360px] shrink-0 lg:mx-0">
            <YouTubeEmbed
              src={clip.youtubeEmbedUrl}
              title={clip.title}
              width="100%"
              aspectRatio="9 / 16"
              height={640}
              poster={clip.posterPath}
              track={`clip:${clip.slug}`}
            />
          </div>
          <article className="min-w-0 flex-1" aria-label={t("clip.article")}>
            {clip.description ? (
              <p dir="auto" className="mb-4 text-lg font-medium wrap-anywhere">
                {clip.description}
              </p>
            ) : null}
            <ClipArticle content={clip.content} />
          </article>
        </div>
      </main>
      <MobileShareBar target={target} isCopied={isCopied} onCopy={copy} />
      <CopyNotice notice={notice} onDismiss={dismiss} />
    </>
  );
}

export function ClipView({ slug }: { slug: string }) {
  const { data: clip, isPending, error } = useQuery(clipBySlugQueryOptions(slug));
  const t = useT();
  if (isPending) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
        <p role="status">{t("clip.loading")}</p>
      </main>
    );
  }
  if (error || !clip) {
    if (error && !isApiError(error, "NOT_FOUND")) console.warn("Loading the clip failed", error);
    return <NotFoundNotice title={t("clip.notFoundTitle")} text={t("clip.notFoundText")} />;
  }
  return <ClipDetail clip={clip} />;
}
