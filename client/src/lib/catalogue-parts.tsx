import type { Messages } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useState, type ReactNode } from "react";
import type { CataloguePart } from "@shared/locales/parts";

// Every language's parts, each its own chunk (compiled by the build, vite.config.ts): only the
// ones asked for are fetched. Only what loads later (the admin area, the editors' page reached
// inside the app) imports this file, not a visitor's first page.
const PARTS = import.meta.glob<Messages>("../../../shared/locales/*/*.json", { import: "default" });

/** One language's parts, merged. */
export async function loadParts(tag: string, names: readonly CataloguePart[]): Promise<Messages> {
  const loaded = await Promise.all(names.map((name) => PARTS[`../../../shared/locales/${tag}/${name}.json`]?.() ?? {}));
  return Object.assign({}, ...loaded) as Messages;
}

/**
 * A page with words of its own (the editors' page): the server puts them in the page it serves,
 * but a visitor who comes to it inside the app has only every page's words, so they are fetched
 * first (`probe`: a key of them). Shows nothing for the moment they load.
 */
export function WithCatalogueParts({ parts, probe, children }: { parts: readonly CataloguePart[]; probe: string; children: ReactNode }) {
  const { i18n } = useLingui();
  const [ready, setReady] = useState(() => probe in i18n.messages);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadParts(i18n.locale, parts).then((messages) => {
      i18n.load(i18n.locale, { ...i18n.messages, ...messages });
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready, i18n, parts]);
  return ready ? children : null;
}
