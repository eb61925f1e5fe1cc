/**
 * Debian's Chromium, never a downloaded browser, with the flags this machine needs (no sandbox as
 * root, no background networking on a closed network). Shared by the browser tests and the bench.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
