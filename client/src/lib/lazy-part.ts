import { lazy, type ComponentType } from "react";

const Nothing = () => null;

/**
 * A part of a visitor's page whose code is fetched when it is first shown (React's `lazy`). A
 * chunk that cannot be fetched (the connection gone, a newer deploy's files in place) shows
 * nothing, rather than failing the whole page.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: Nothing as ComponentType<P> }),
    ),
  );
}
