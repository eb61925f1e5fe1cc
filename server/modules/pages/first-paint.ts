import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { InitialData } from "../../../shared/initial-data";
import type { Logger } from "../../platform/runtime/logger";

/** The page's language and its words, compiled (the same the page carries for the browser). */
interface PageLanguage {
  tag: string;
  messages: Record<string, unknown>;
}

type Render = (url: string, data: InitialData, language: PageLanguage) => string;

/** Renders a page's first screen to HTML, or says it cannot (undefined). */
export type FirstPaint = (pathname: string, data: InitialData, language: PageLanguage) => Promise<string | undefined>;

/**
 * A page's first screen, rendered on the server from the same React components and data as the
 * browser (client/src/entry-server.tsx, built into dist/ssr), so it paints before the bundle
 * runs. Without that build, or if rendering fails, the page is still whole: the client renders it.
 */
export function createFirstPaint(entry: string, logger?: Logger): FirstPaint {
  let loading: Promise<Render | null> | undefined;
  return async (pathname, data, language) => {
    loading ??= fs.existsSync(entry)
      ? // eslint-disable-next-line no-unsanitized/method -- our own build output, by a fixed path
        import(pathToFileURL(entry).href).then(
          (m: { render: Render }) => m.render,
          (err: unknown) => {
            // A broken build is an outage of the first paint on every page: said once, loudly
            // (the import is not tried again, so this is the one line it gets).
            logger?.error(
              { err: (err as Error).message, entry },
              "the server-render bundle could not be loaded; every page is rendered by the browser",
            );
            return null;
          },
        )
      : Promise.resolve(null);
    const render = await loading;
    if (!render) return undefined;
    try {
      return render(pathname, data, language);
    } catch (err) {
      logger?.warn({ err: (err as Error).message, pathname }, "first paint failed; the browser renders the page");
      return undefined;
    }
  };
}
