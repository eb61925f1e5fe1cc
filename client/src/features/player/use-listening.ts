import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import type { StartPoint } from "./listening";
import type { PlayerEpisode } from "./player-store";

/**
 * Where pressing play starts on an episode's page, and the player's keys (listening.ts), loaded
 * after the first render: the server knows neither the address's fragment nor what this browser
 * remembers, and the first render must be the server's. Read again when the query changes.
 */
export function useListening(episode: PlayerEpisode, withKeys = true): { start: StartPoint; isReady: boolean } {
  const search = useSearch();
  const [start, setStart] = useState<StartPoint>(null);
  const [isReady, setIsReady] = useState(false);
  const { slug, durationSeconds } = episode;
  useEffect(() => {
    let stop: (() => void) | null = null;
    let isGone = false;
    void import("./listening").then((listening) => {
      if (isGone) return;
      stop = listening.listen(episode, setStart, withKeys);
      setIsReady(true);
    });
    return () => {
      isGone = true;
      stop?.();
    };
    // The episode is the same while its slug and duration are; a new query is a new moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, durationSeconds, search, withKeys]);
  return { start, isReady };
}
