import { createContext, useContext, type ReactNode } from "react";

/**
 * What the first render needs from outside React and must read the same on the server and in the
 * browser, so hydration matches: the site's public address (share links) and the year of the
 * copyright line. Both come with the page (shared/initial-data.ts); a page without them (the
 * development server) falls back to the browser's.
 */
export interface PageContext {
  publicUrl: string;
  year: number;
}

const Context = createContext<PageContext | null>(null);

export function PageContextProvider({ value, children }: { value: PageContext | null; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function usePageContext(): PageContext {
  return useContext(Context) ?? { publicUrl: globalThis.location?.origin ?? "", year: new Date().getFullYear() };
}

/** An absolute address on this site, as shared: `path` under the public address. */
export function useAbsoluteUrl(path: string): string {
  return usePageContext().publicUrl + path;
}

export function useCopyrightYear(): number {
  return usePageContext().year;
}
