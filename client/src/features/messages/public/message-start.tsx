import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSearch } from "wouter";
import { useT } from "@/lib/i18n";
import { messageEpisodeQueryOptions, useMessagesEnabled } from "../api";

// The form, the recorder and the challenge's solver load only once the listener chooses how to send.
const MessageForm = lazy(() => import("./message-form"));

type Kind = "voice" | "text";

/**
 * The episode a message is about (`?episode={slug}`), once the page runs in the browser: the
 * server renders /message one way for every query, so the first render must not name it.
 */
function useEpisodeSlug(): string | null {
  const search = useSearch();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? new URLSearchParams(search).get("episode") || null : null;
}

function EpisodeNamed({ slug }: { slug: string }) {
  const t = useT();
  const episode = useQuery(messageEpisodeQueryOptions(slug)).data;
  if (!episode) return null;
  return (
    <p className="text-lg" data-testid="message-episode">
      {t("message.aboutEpisode", { title: episode.title })}
    </p>
  );
}

/**
 * /message: what the page shows before the listener has chosen (docs/product.md "Messages from
 * listeners"). Choosing a voice or a written message loads the form.
 */
export function MessageStart() {
  const t = useT();
  const enabled = useMessagesEnabled();
  const slug = useEpisodeSlug();
  const [kind, setKind] = useState<Kind | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-4xl font-extrabold">{t("message.heading")}</h1>
        {slug ? <EpisodeNamed slug={slug} /> : null}
      </div>
      {enabled ? (
        <>
          <p className="text-lg">{t("message.intro")}</p>
          <div role="group" aria-label={t("message.chooseLabel")} className="flex flex-wrap gap-3">
            {(["voice", "text"] as const).map((choice) => (
              <button
                key={choice}
                type="button"
                className={kind === choice ? "btn" : "btn btn-ghost"}
                aria-pressed={kind === choice}
                onClick={() => setKind(choice)}
              >
                {choice === "voice" ? t("message.chooseVoice") : t("message.chooseText")}
              </button>
            ))}
          </div>
          {kind ? (
            <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
              <MessageForm kind={kind} episodeSlug={slug} onKindChange={setKind} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <p className="text-lg">{t("message.closed")}</p>
      )}
    </div>
  );
}
