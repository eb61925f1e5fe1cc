/**
 * What a part of the site tells the owner's analytics that the page alone does not show
 * (docs/analytics.md "Collection"): an archive search and how many episodes it found. The
 * analytics feature's collector loads after the page's first render: the latest search waits
 * here for it (only the latest is reported anyway).
 */

/** As the beacon carries it (shared/analytics.ts): the words, and how many episodes they found. */
export interface TrackedSearch {
  type: "search";
  value: string;
  results: number;
}

let sink: ((search: TrackedSearch) => void) | undefined;
let waiting: TrackedSearch | undefined;

export function trackSearch(search: TrackedSearch): void {
  if (sink) sink(search);
  else waiting = search;
}

/** The collector takes the searches from here on, and the one that waited. */
export function takeSearches(next: (search: TrackedSearch) => void): void {
  sink = next;
  if (waiting) next(waiting);
}
