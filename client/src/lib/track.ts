/**
 * What a part of the site tells the owner's analytics that the page alone does not show
 * (docs/analytics.md "Collection"): an archive search and how many episodes it found. The
 * analytics feature takes these in once it runs; until then a few wait here.
 */
export interface TrackedSearch {
  type: "search";
  q: string;
  results: number;
}

let sink: ((event: TrackedSearch) => void) | undefined;
const waiting: TrackedSearch[] = [];

export function track(event: TrackedSearch): void {
  if (sink) sink(event);
  else if (waiting.length < 10) waiting.push(event);
}

/** The analytics feature takes the events from here on (and those that waited). */
export function takeTracked(next: (event: TrackedSearch) => void): void {
  sink = next;
  for (const event of waiting.splice(0)) next(event);
}
