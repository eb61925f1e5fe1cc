import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { bodyTheme } from "../../shared/theme-style";
import type { Theme } from "../../shared/theme";
import { projectRoot } from "../lib/paths";

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: "normal" }[] | undefined;

/** Inter (SIL Open Font License), shipped in server/assets/fonts. */
function loadFonts() {
  if (!fonts) {
    const dir = path.join(projectRoot(), "server", "assets", "fonts");
    fonts = [
      { name: "Inter", data: fs.readFileSync(path.join(dir, "inter-latin-400-normal.woff")), weight: 400, style: "normal" },
      { name: "Inter", data: fs.readFileSync(path.join(dir, "inter-latin-700-normal.woff")), weight: 700, style: "normal" },
    ];
  }
  return fonts;
}

export interface ShareImageInput {
  headline: string;
  /** Shown in quotation marks when the headline is a quote. */
  isQuote: boolean;
  footer: string;
  theme: Theme | null;
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({ type, props: { style, children } });

function headlineSize(text: string): number {
  if (text.length <= 50) return 68;
  if (text.length <= 100) return 56;
  if (text.length <= 150) return 46;
  return 40;
}

/** A 1200×630 PNG in the site's current theme colours, text laid out by satori, drawn by resvg. */
export async function renderShareImage(input: ShareImageInput): Promise<Buffer> {
  const { vars } = bodyTheme(input.theme);
  const text = input.isQuote ? `\u201C${input.headline}\u201D` : input.headline;
  const tree = el(
    "div",
    {
      width: SHARE_IMAGE_WIDTH,
      height: SHARE_IMAGE_HEIGHT,
      display: "flex",
      flexDirection: "column",
      backgroundImage: `linear-gradient(135deg, ${vars["--bg-start"]}, ${vars["--bg-end"]})`,
      fontFamily: "Inter",
    },
    el(
      "div",
      {
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        flexGrow: 1,
        padding: "72px 80px",
        backgroundColor: vars["--scrim"],
        color: vars["--fg"],
      },
      [
        el("div", { display: "flex", flexGrow: 1, alignItems: "center", fontSize: headlineSize(text), fontWeight: 700, lineHeight: 1.2, letterSpacing: "-0.01em" }, text),
        el("div", { display: "flex", alignItems: "center", fontSize: 30, fontWeight: 400, opacity: 0.9 }, [
          el("div", { width: 14, height: 14, borderRadius: 7, backgroundColor: vars["--fg"], marginRight: 18 }),
          input.footer,
        ]),
      ],
    ),
  );
  const svg = await satori(tree as Parameters<typeof satori>[0], {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts: loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: "width", value: SHARE_IMAGE_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
}

/** Renders once per distinct input; the key changes when the clip or the theme does. */
export function createShareImageCache(max = 64) {
  const cache = new Map<string, Promise<Buffer>>();
  return {
    keyOf(input: ShareImageInput): string {
      return crypto.createHash("sha256").update(JSON.stringify(input)).digest("base64url").slice(0, 27);
    },
    get(input: ShareImageInput): { key: string; png: Promise<Buffer> } {
      const key = this.keyOf(input);
      let png = cache.get(key);
      if (png) {
        // Least recently used goes first: a hit moves to the end.
        cache.delete(key);
        cache.set(key, png);
      } else {
        png = renderShareImage(input);
        png.catch(() => cache.delete(key));
        cache.set(key, png);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return { key, png };
    },
  };
}
