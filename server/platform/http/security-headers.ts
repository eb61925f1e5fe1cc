import type { RequestHandler } from "express";
import helmet from "helmet";

/** The players the site embeds (docs/product.md "Security headers"). */
const EMBED_ORIGINS = ['"https://open.spotify.com"', '"https://www.youtube-nocookie.com"', '"https://www.youtube.com"'];
const embeds = `(self ${EMBED_ORIGINS.join(" ")})`;

/**
 * Powerful browser features: none that the site does not use. The players may autoplay after
 * the visitor's press, go full screen and play protected media; the site's own pages (never an
 * embed) may ask for the microphone, which a listener's voice message records from, on the press
 * of 'Record' (the page is reached inside the app, so every page of the site allows it).
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=(self)",
  "payment=()",
  "usb=()",
  `autoplay=${embeds}`,
  `encrypted-media=${embeds}`,
  `fullscreen=${embeds}`,
  `picture-in-picture=${embeds}`,
].join(", ");

/**
 * Every response's security headers: helmet with a Content-Security-Policy that allows only the
 * site itself, the Spotify and YouTube players and the episodes' audio, and the Permissions-Policy above. `secureOnly`
 * (an https PUBLIC_URL) adds HSTS and upgrades insecure requests.
 */
export function securityHeaders({ secureOnly }: { secureOnly: boolean }): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          // blob: for the upload dialog's preview of the image being chosen (only script of this
          // origin can make a blob: URL); nothing else is added for images.
          "img-src": ["'self'", "data:", "blob:", "https://i.ytimg.com", "https://img.youtube.com"],
          "frame-src": ["https://open.spotify.com", "https://www.youtube-nocookie.com", "https://www.youtube.com"],
          // An episode's audio lives at the podcast's host, wherever that is; nothing is fetched
          // before the visitor presses play (preload="none").
          // blob: a listener hears their own recording back before sending it.
          "media-src": ["'self'", "blob:", "https:", "http:"],
          "connect-src": ["'self'"],
          "font-src": ["'self'", "data:"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "upgrade-insecure-requests": secureOnly ? [] : null,
        },
      },
      strictTransportSecurity: secureOnly,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
  ];
}
