import { useEffect } from "react";
import { useLocation } from "wouter";
import { takeSearches } from "@/lib/track";

/**
 * In every page: tells the owner's analytics each page the visitor is shown. The collector itself
 * (collector.ts) is imported once the page has rendered: nothing of it runs or is waited for
 * before the page is in front of the visitor. Its bytes ride in the visitor-kit file every page
 * loads anyway (vite.config.ts), which costs less than a request of its own.
 */
export function AnalyticsCollector() {
  const [path] = useLocation();
  useEffect(() => {
    import("./collector").then(
      (collector) => collector.pageView(path, takeSearches),
      () => {},
    );
  }, [path]);
  return null;
}
