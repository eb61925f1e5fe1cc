import type { TrackedSearch } from "@/lib/track";

/*
 * The owner's analytics, on the visitor's side (docs/analytics.md "Collection"): each page shown,
 * the site's own player (a play, then the audio actually played, as it passes a listen and each
 * quarter), presses on provider links, clip posters and share buttons (marked `data-track` in
 * the page), and archive searches. Each is one beacon; nothing is kept in the browser, no cookie,
 * no storage. It loads after the page's first render (collector-host.tsx), and does nothing at
 * all in a page the owner's session opened (the server ignores such beacons anyway). Every byte
 * here is loaded by every public page: it stays under 1 KB gzipped.
 */

const ENDPOINT = "/api/events";
/** A search is reported once the words have stayed this long (or the visitor leaves the page). */
const SEARCH_SETTLE_MS = 2_000;

/** One beacon: the event's type, the value it is about, and what else it says (shared/analytics.ts). */
function send(type: string, value: string, more?: object): void {
  const body = JSON.stringify({ type, value, ...more });
  if (!navigator.sendBeacon?.(ENDPOINT, body)) {
    // A string body goes as text/plain, like a beacon's.
    fetch(ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => {});
  }
}

let pendingSearch: TrackedSearch | undefined;
let searchTimer: ReturnType<typeof setTimeout> | undefined;
function sendSearch(): void {
  clearTimeout(searchTimer);
  if (pendingSearch) send(pendingSearch.type, pendingSearch.value, pendingSearch);
  pendingSearch = undefined;
}

/**
 * The audio heard between two reports of the player's time: time that moved forward as fast as
 * the audio plays (a second of slack) is listening; a jump (a seek, or a resume at a saved place)
 * is not, and neither is going back.
 */
export function heardBetween(moved: number, wallSeconds: number, rate: number): number {
  return moved > 0 && moved <= wallSeconds * rate + 1 ? moved : 0;
}

/**
 * When progress is worth a report: each quarter of the episode heard, and the first minute. The
 * server decides from the figures what was reached (shared/listening.ts, with its slack), and
 * the end of the episode always reports, so nothing reached is left unsaid.
 */
export const stepOf = (played: number, duration: number): number =>
  Math.min(4, Math.floor((played / duration) * 4)) + (played < 60 ? 0 : 5);

/** The episode playing, the audio of it played so far (seeking does not count), the step last reported, and the player's last time and when it was. */
let episode: string | undefined;
let played = 0;
let reported = 0;
let lastTime = 0;
let lastAt = 0;

function onMedia(audio: HTMLMediaElement, type: string, now: number): void {
  const slug = audio.dataset?.episode;
  if (!slug) return;
  if (slug !== episode) {
    episode = slug;
    played = reported = 0;
    lastTime = audio.currentTime;
  }
  // A play is counted once per visitor, episode and day by the server: every start may report it.
  if (type === "play") send(type, slug);
  else {
    played += heardBetween(audio.currentTime - lastTime, (now - lastAt) / 1000, audio.playbackRate);
    const duration = audio.duration;
    const step = stepOf(played, duration);
    if (duration > 0 && (step > reported || type === "ended")) {
      reported = step;
      send("progress", slug, { played, duration });
    }
  }
  lastTime = audio.currentTime;
  lastAt = now;
}

function onEvent(event: Event): void {
  const target = event.target as HTMLElement;
  if (event.type !== "click") return onMedia(target as HTMLMediaElement, event.type, event.timeStamp);
  // `data-track="provider:3"`, `"clip:{slug}"`, `"share:x"`...; the phone's share bar is a share
  // only where it opens the device's share sheet (elsewhere it opens the panel of buttons).
  const [type, value] = target.closest?.("[data-track]")?.getAttribute("data-track")?.split(":") ?? [];
  if (type && value && (value !== "native" || "share" in navigator)) send(type, value);
}

let lastPath: string | undefined;

/** Listens on the document: the player's media events (a seek is a jump of its time, which `heardBetween` leaves out) and presses. */
function start(takeSearches: (next: (search: TrackedSearch) => void) => void): void {
  for (const type of ["play", "timeupdate", "ended", "click"]) document.addEventListener(type, onEvent, true);
  addEventListener("pagehide", sendSearch);
  takeSearches((search) => {
    pendingSearch = search;
    clearTimeout(searchTimer);
    searchTimer = setTimeout(sendSearch, SEARCH_SETTLE_MS);
  });
}

/**
 * A page shown (the first of the visit, or one reached inside the site); the first starts the
 * rest, and takes the archive's searches from `takeSearches` (lib/track.ts, in the page's bundle).
 */
export function pageView(path: string, takeSearches: (next: (search: TrackedSearch) => void) => void): void {
  // A page the owner's session opened (shared/initial-data.ts `hasSession`) reports nothing.
  if (path === lastPath || document.getElementById("initial-data")?.textContent?.includes('"hasSession":true')) return;
  const isFirst = lastPath === undefined;
  if (isFirst) start(takeSearches);
  lastPath = path;
  sendSearch();
  const from = isFirst && document.referrer ? new URL(document.referrer) : undefined;
  const utm = isFirst && new URLSearchParams(location.search).get("utm_source");
  // Where the visitor came from, on the first page only ("" when nothing sent them); a page
  // reached from the site itself (a navigation in it, a reload) says nothing of it.
  send("pageview", path, isFirst && from?.host !== location.host ? { referrer: from?.hostname ?? "", ...(utm && { utm }) } : {});
}
