// wouter imports `use-sync-external-store/shim` so that it also runs on React 17; React 19 has
// the hook itself, so the build points that import here (vite.config.ts) and the shim's own
// fallback code never reaches a visitor.
export { useSyncExternalStore } from "react";
