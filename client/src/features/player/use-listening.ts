import { useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
import { momentOf, type Moment } from "@shared/moment";
import { memory } from "./memory";
import { player, type PlayerEpisode } from "./player-store";

/** Where pressing play starts: the moment the page's address names, else where the visitor left off. */
export type StartPoint = ({ kind: "moment" } & Moment) | { kind: "resume"; start: number } | null;

/**
 * Reads the page's address (`?t=`, `#t=`) and what this browser remembers, after the first
 * render (the server knows neither, and the first render must be the server's), and offers the
 * moment to the player: a link given by the visitor wins over the remembered position.
 */
export function useStartPoint(episode: PlayerEpisode): StartPoint {
  const search = useSearch();
  const [hash, setHash] = useState("");
  const [start, setStart] = useState<StartPoint>(null);
  useEffect(() => {
    const read = () => setHash(location.hash);
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  useEffect(() => {
    const moment = momentOf(search, hash);
    const fits = moment && (episode.durationSeconds === null || moment.start < episode.durationSeconds);
    player.offerMoment(episode.slug, fits ? moment : null);
    const left = memory.position(episode.slug);
    setStart(fits ? { kind: "moment", ...moment } : left !== null ? { kind: "resume", start: left } : null);
  }, [episode.slug, episode.durationSeconds, search, hash]);
  return start;
}

/** Keys that type or move within the focused control keep their meaning there. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["button", "checkbox", "radio", "range", "submit", "reset"].includes(target.type);
}
/** Space presses a focused control; the arrows move a focused slider. */
const isPressable = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest("button, a[href], summary, input, select, [role=button], [role=link]");
const isSlider = (target: EventTarget | null) =>
  target instanceof HTMLElement && (!!target.closest("[role=slider]") || (target instanceof HTMLInputElement && target.type === "range"));

/**
 * The player's keys on an episode's page (docs/product.md "Listening"): Space or K plays and
 * pauses, J or ← goes back 15 s, L or → ahead 30 s, whenever focus is not in a text field. On a
 * focused button or link Space presses it, and on the seek bar the arrows move it, as they always do.
 */
export function useListeningKeys(episode: PlayerEpisode): void {
  const current = useRef(episode);
  useEffect(() => {
    current.current = episode;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const onSlider = isSlider(event.target);
      let act: (() => void) | null = null;
      if (key === "k" || (key === " " && !isPressable(event.target))) act = () => player.toggleEpisode(current.current);
      else if (key === "j" || (key === "ArrowLeft" && !onSlider)) act = () => player.isLoaded(current.current.slug) && player.skip(-15);
      else if (key === "l" || (key === "ArrowRight" && !onSlider)) act = () => player.isLoaded(current.current.slug) && player.skip(30);
      if (!act) return;
      event.preventDefault();
      act();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
