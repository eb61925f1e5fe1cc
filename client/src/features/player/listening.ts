import { momentOf, type Moment } from "@shared/moment";
import { memory } from "./memory";
import { player, type PlayerEpisode } from "./player-store";

/**
 * The episode page's listening aids (docs/product.md "Listening"), loaded after the page is the
 * browser's (use-listening.ts): where pressing play starts, and the player's keys. Nothing of it
 * is needed for the first paint, so it is a chunk of its own.
 */

/** Where pressing play starts: the moment the page's address names, else where the visitor left off. */
export type StartPoint = ({ kind: "moment" } & Moment) | { kind: "resume"; start: number } | null;

/**
 * Reads the page's address (`?t=`, `#t=`) and what this browser remembers, and offers the moment
 * to the player: a link given by the visitor wins over the remembered position. A moment past the
 * episode's end is no moment.
 */
function readStart(episode: PlayerEpisode): StartPoint {
  const moment = momentOf(location.search, location.hash);
  const fits = moment && (episode.durationSeconds === null || moment.start < episode.durationSeconds);
  player.offerMoment(episode.slug, fits ? moment : null);
  const left = memory.position(episode.slug);
  return fits ? { kind: "moment", ...moment } : left !== null ? { kind: "resume", start: left } : null;
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
 * The player's keys: Space or K plays and pauses, J or ← goes back 15 s, L or → ahead 30 s,
 * whenever focus is not in a text field. On a focused button or link Space presses it, and on the
 * seek bar the arrows move it, as they always do.
 */
function onKey(episode: PlayerEpisode, event: KeyboardEvent): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target)) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const onSlider = isSlider(event.target);
  let act: (() => void) | null = null;
  if (key === "k" || (key === " " && !isPressable(event.target))) act = () => player.toggleEpisode(episode);
  else if (key === "j" || (key === "ArrowLeft" && !onSlider)) act = () => player.isLoaded(episode.slug) && player.skip(-15);
  else if (key === "l" || (key === "ArrowRight" && !onSlider)) act = () => player.isLoaded(episode.slug) && player.skip(30);
  if (!act) return;
  event.preventDefault();
  act();
}

/**
 * Starts both for an episode's page: `onStart` hears where play will start (again when the
 * fragment changes); the keys only when `withKeys` (one player on the page: where there are many,
 * as on the owner's hand-ins, a key could not say which it means). The returned function stops them.
 */
export function listen(episode: PlayerEpisode, onStart: (start: StartPoint) => void, withKeys = true): () => void {
  const read = () => onStart(readStart(episode));
  const keys = (event: KeyboardEvent) => onKey(episode, event);
  read();
  window.addEventListener("hashchange", read);
  if (withKeys) window.addEventListener("keydown", keys);
  return () => {
    window.removeEventListener("hashchange", read);
    window.removeEventListener("keydown", keys);
  };
}
