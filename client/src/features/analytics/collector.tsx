import { useEffect } from "react";
import { useLocation } from "wouter";
import { isListen, quartersReached } from "@shared/listening";
import { takeTracked, type TrackedSearch } from "@/lib/track";

/*
 * The owner's analytics, on the visitor's side (docs/analytics.md "Collection"): each page shown,
 * the site's own player (a play, then the audio actually played, as it passes a listen and each
 * quarter), presses on provider links, clip posters and share buttons (marked `data-track` in
 * the page), and archive searches. Each is one beacon; nothing is kept in the browser, no cookie,
 * no storage. Nothing runs while the page is first rendered, and nothing at all in a page the
 * owner's session opened (the server ignores such beacons anyway).
 */

const ENDPOINT = "/api/events";
/** A search is reported once the words have stayed this long (or the visitor leaves the page). */
const SEARCH_SETTLE_MS = 2_000;

function send(event: object): void {
  const body = JSON.stringify(event);
  if (!navigator.sendBeacon?.(ENDPOINT, body)) {
    fetch(ENDPOINT, { method: "POST", body, keepalive: true, headers: { "Content-Type": "text/plain" } }).catch(() => {});
  }
}

/** The page came with the owner's session (shared/initial-data.ts `hasSession`). */
const isOwnersPage = () => document.getElementById("initial-data")?.textContent?.includes('"hasSession":true') === true;

let pendingSearch: TrackedSearch | undefined;
let searchTimer: number | undefined;
function sendSearch(): void {
  window.clearTimeout(searchTimer);
  if (pendingSearch) send(pendingSearch);
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

/** What has been reached so far: a listen or not, and how many quarter marks. */
export const marksOf = (played: number, duration: number): string => `${isListen(played, duration)}${quartersReached(played, duration)}`;
const NO_MARKS = marksOf(0, 1);

/** The episode playing: the audio played so far (seeking does not count), and the marks already reported. */
let playing: { slug: string; played: number; time: number; at: number; marks: string; started?: boolean } | undefined;

function onMedia(event: Event): void {
  const audio = event.target as HTMLMediaElement;
  const slug = audio.dataset?.episode;
  if (!slug) return;
  const now = performance.now();
  if (playing?.slug !== slug) playing = { slug, played: 0, time: audio.currentTime, at: now, marks: NO_MARKS };
  const p = playing;
  if (event.type === "timeupdate" || event.type === "ended") {
    p.played += heardBetween(audio.currentTime - p.time, (now - p.at) / 1000, audio.playbackRate);
    const duration = audio.duration;
    const marks = duration > 0 && Number.isFinite(duration) ? marksOf(p.played, duration) : "";
    if (marks && marks !== p.marks) {
      p.marks = marks;
      send({ type: "progress", episode: slug, played: Math.round(p.played * 10) / 10, duration: Math.round(duration * 10) / 10 });
    }
  } else if (event.type === "play" && !p.started) {
    p.started = true;
    send({ type: "play", episode: slug });
  }
  p.time = audio.currentTime;
  p.at = now;
}

function onPress(event: MouseEvent): void {
  const marked = (event.target as Element | null)?.closest?.("[data-track]");
  const [type, value = ""] = marked?.getAttribute("data-track")?.split(":") ?? [];
  if (type === "provider") send({ type, id: Number(value) });
  else if (type === "clip") send({ type, clip: value });
  // The phone's share bar opens the device's share sheet only where there is one; elsewhere it opens the panel.
  else if (type === "share" && (value !== "native" || "share" in navigator)) send({ type, network: value });
}

let isStarted = false;
let lastPath: string | undefined;

function start(): void {
  if (isStarted) return;
  isStarted = true;
  for (const type of ["play", "timeupdate", "seeking", "ended"]) document.addEventListener(type, onMedia, true);
  document.addEventListener("click", onPress, true);
  document.addEventListener("auxclick", onPress, true);
  window.addEventListener("pagehide", sendSearch);
  takeTracked((search) => {
    pendingSearch = search;
    window.clearTimeout(searchTimer);
    searchTimer = window.setTimeout(sendSearch, SEARCH_SETTLE_MS);
  });
}

function pageView(path: string): void {
  if (path === lastPath) return;
  const isFirst = lastPath === undefined;
  lastPath = path;
  sendSearch();
  const from = isFirst && document.referrer ? new URL(document.referrer) : undefined;
  const utm = isFirst ? new URLSearchParams(location.search).get("utm_source") : null;
  send({
    type: "pageview",
    path: path.slice(0, 600),
    ...(!isFirst || from?.host === location.host ? { internal: true } : from ? { referrer: from.hostname } : {}),
    ...(utm ? { utm: utm.slice(0, 300) } : {}),
  });
}

/** Mounted once in the app: reports each page the visitor is shown, and starts listening for the rest. */
export function AnalyticsCollector() {
  const [path] = useLocation();
  useEffect(() => {
    if (isOwnersPage()) return;
    start();
    pageView(path);
  }, [path]);
  return null;
}
